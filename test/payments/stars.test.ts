import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStarsBotApi, type FakeBotApi } from "../helpers/payment-processors.js";
import { balanceOf, ledgerOf, newKey, paidCall, startPaymentServer, useFreeTier, type PaymentServer } from "./payment-test-kit.js";
import { atOnce, concurrently } from "../helpers/race.js";

/**
 * Messenger Stars through POST /webhook/messaging (spec, Authentication 6), against a local bot
 * API: the deep link's /start pay_… sends an XTR invoice, the pre-checkout query is answered,
 * the successful payment credits 0.5 credit a Star once, a refund debits.
 */
const SECRET = "messenger-webhook-secret";
const LINK = "https://t.me/VedicAstroTestBot";
let server: PaymentServer;
let bot: FakeBotApi;

beforeAll(async () => {
  bot = await startStarsBotApi();
  server = await startPaymentServer({
    MESSENGER_BOT_LINK: LINK, MESSENGER_BOT_API_BASE: bot.baseUrl, MESSENGER_BOT_TOKEN: bot.token, MESSENGER_WEBHOOK_SECRET: SECRET,
  });
});
afterAll(async () => {
  await server?.close();
  await bot?.close();
});

let updateId = 1;
async function update(body: Record<string, unknown>, secret = SECRET) {
  const res = await fetch(`${server.baseUrl}/webhook/messaging`, {
    method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
    body: JSON.stringify({ update_id: updateId++, ...body }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const chat = { id: 424242, type: "private" };
const from = { id: 424242, is_bot: false, first_name: "Test" };
const start = (text: string) => update({ message: { message_id: 1, chat, from, date: 1, text } });
const paidUpdate = (orderId: string, stars: number, chargeId: string) => update({
  message: {
    message_id: 2, chat, from, date: 2,
    successful_payment: { currency: "XTR", total_amount: stars, invoice_payload: orderId, telegram_payment_charge_id: chargeId, provider_payment_charge_id: "" },
  },
});

describe("messenger Stars", () => {
  it("deep link → invoice → pre-checkout ok → successful payment credits instantly → a paid call succeeds", async () => {
    const { apiKey } = await newKey(server);
    await useFreeTier(server, apiKey);
    const refused = await paidCall(server, apiKey);
    // The caller's own link: its key, and the smallest package that covers the 1 credit it lacks (200 Stars = 100 credits).
    expect(((await refused.json()) as { detail: string }).detail).toContain(`stars: ${LINK}?start=pay_${apiKey}_200`);

    expect((await start(`/start pay_${apiKey}_1000`)).body).toMatchObject({ ok: true, handled: true });
    const invoice = bot.calls.at(-1)!;
    expect(invoice.method).toBe("sendInvoice");
    expect(invoice.body).toMatchObject({ chat_id: chat.id, currency: "XTR", provider_token: "", prices: [{ amount: 1000 }] });
    const orderId = invoice.body.payload as string;
    expect(orderId).toMatch(/^ord_/);

    await update({ pre_checkout_query: { id: "pcq-1", from, currency: "XTR", total_amount: 1000, invoice_payload: orderId } });
    expect(bot.calls.at(-1)).toEqual({ method: "answerPreCheckoutQuery", body: { pre_checkout_query_id: "pcq-1", ok: true } });
    await update({ pre_checkout_query: { id: "pcq-2", from, currency: "XTR", total_amount: 1, invoice_payload: orderId } });
    expect(bot.calls.at(-1)!.body).toMatchObject({ pre_checkout_query_id: "pcq-2", ok: false });

    expect((await paidUpdate(orderId, 1000, "charge-1")).status).toBe(200);
    expect(await balanceOf(server, apiKey)).toBe(500);
    expect(bot.calls.at(-1)!.body.text).toMatch(/500 credits added/);
    expect((await paidCall(server, apiKey)).status).toBe(200);
    expect(await balanceOf(server, apiKey)).toBe(499);
  });

  it(`100 replays of the successful payment (the first ${concurrently(50)}) credit once; a refund debits; a wrong secret changes nothing`, async () => {
    const { apiKey, accountId } = await newKey(server);
    await start(`/start pay_${apiKey}_200`);
    const orderId = bot.calls.at(-1)!.body.payload as string;
    const forged = await fetch(`${server.baseUrl}/webhook/messaging`, {
      method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "wrong-secret" },
      body: JSON.stringify({ update_id: 1, message: { message_id: 2, chat, from, date: 2, successful_payment: { currency: "XTR", total_amount: 200, invoice_payload: orderId, telegram_payment_charge_id: "x" } } }),
    });
    expect(forged.status).toBe(403);
    expect(await balanceOf(server, apiKey)).toBe(0);

    const all = await atOnce(50, () => paidUpdate(orderId, 200, "charge-2"));
    for (let i = 0; i < 50; i++) all.push(await paidUpdate(orderId, 200, "charge-2"));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 1, sumMilli: 100_000 });

    await update({ message: { message_id: 3, chat, from, date: 3, refunded_payment: { currency: "XTR", total_amount: 200, invoice_payload: orderId, telegram_payment_charge_id: "charge-2" } } });
    expect(await balanceOf(server, apiKey)).toBe(0);
  });

  it("an amount other than the order's credits nothing; a non-package or unknown key gets a message, no invoice", async () => {
    const { apiKey, accountId } = await newKey(server);
    await start(`/start pay_${apiKey}_2000`);
    const orderId = bot.calls.at(-1)!.body.payload as string;
    expect((await paidUpdate(orderId, 1999, "charge-3")).status).toBe(422);
    expect(await ledgerOf(server, accountId)).toEqual({ rows: 0, sumMilli: 0 });

    const invoicesBefore = bot.calls.filter((c) => c.method === "sendInvoice").length;
    await start(`/start pay_${apiKey}_300`);
    expect(bot.calls.at(-1)!.body.text).toMatch(/packages are 200, 1000, 2000, 10000/);
    await start(`/start pay_vas_live_${"Z".repeat(40)}_200`);
    expect(bot.calls.at(-1)!.body.text).toMatch(/no known API key/);
    expect(bot.calls.filter((c) => c.method === "sendInvoice").length).toBe(invoicesBefore);
  });
});
