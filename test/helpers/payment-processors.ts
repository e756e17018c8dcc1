/**
 * Local HTTP servers playing the payment processors (docs/architecture.md §9): each accepts the
 * checkout/invoice creation our adapters send (checking the API key), remembers it, and can then
 * call our webhook like the processor would — correctly signed, or not. The Lightning node
 * answers invoice creation and status; a test marks an invoice paid.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

async function listen(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    readBody(req).then((body) => handler(req, body, res), () => json(res, 400, {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface WebhookAnswer { status: number; body: any }

/** POST a raw body to our webhook with the given headers. */
export async function postRaw(url: string, raw: string, headers: Record<string, string>): Promise<WebhookAnswer> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: raw });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* keep text */ }
  return { status: res.status, body };
}

export interface CreatedCheckout {
  id: string;
  orderId: string;
  /** Minor units (cents) the checkout asks for. */
  amount: number;
  currency: string;
  recurring: boolean;
  request: any;
}

/** What every fake processor offers a test. */
export interface FakeProcessor {
  baseUrl: string;
  apiKey: string;
  secret: string;
  /** Our webhook URL; set once our server listens. */
  webhookUrl: string;
  checkouts: CreatedCheckout[];
  /** Requests refused for a wrong API key. */
  unauthorized: number;
  sign(raw: string): string;
  /** Sends `event` to our webhook, signed with `secret` unless `signature` is given. */
  send(event: unknown, opts?: { signature?: string | null }): Promise<WebhookAnswer>;
  close(): Promise<void>;
}

function fake(
  name: string, algorithm: "sha256" | "sha512", header: string, prefix: string,
  create: (req: IncomingMessage, body: any, id: string) => { checkout: Omit<CreatedCheckout, "id" | "request">; answer: unknown } | null,
  authOk: (req: IncomingMessage, apiKey: string) => boolean,
): Promise<FakeProcessor> {
  const apiKey = `${name}-api-key-${randomBytes(4).toString("hex")}`;
  const secret = `${name}-webhook-secret-${randomBytes(8).toString("hex")}`;
  const state: FakeProcessor = {
    baseUrl: "", apiKey, secret, webhookUrl: "", checkouts: [], unauthorized: 0,
    sign: (raw) => prefix + createHmac(algorithm, secret).update(raw).digest("hex"),
    async send(event, opts = {}) {
      const raw = JSON.stringify(event);
      const signature = opts.signature === undefined ? state.sign(raw) : opts.signature;
      return postRaw(state.webhookUrl, raw, signature === null ? {} : { [header]: signature });
    },
    close: async () => {},
  };
  let n = 0;
  return listen((req, raw, res) => {
    if (!authOk(req, apiKey)) {
      state.unauthorized++;
      json(res, 401, { error: "unauthorized" });
      return;
    }
    const id = `${name}_${++n}`;
    const made = create(req, JSON.parse(raw || "{}"), id);
    if (!made) return json(res, 404, { error: "not found" });
    state.checkouts.push({ id, request: JSON.parse(raw), ...made.checkout });
    json(res, 201, made.answer);
  }).then((s) => Object.assign(state, { baseUrl: s.baseUrl, close: s.close }));
}

/** Card processor A: POST /v1/checkouts (JSON:API), X-Signature HMAC-SHA256. */
export function startMerchantA(): Promise<FakeProcessor> {
  return fake("merchant_a", "sha256", "x-signature", "", (req, body, id) => {
    if (req.method !== "POST" || req.url !== "/v1/checkouts") return null;
    const a = body.data.attributes;
    return {
      checkout: { orderId: a.checkout_data.custom.order_id, amount: a.custom_price, currency: a.currency, recurring: Boolean(a.recurring) },
      answer: { data: { type: "checkouts", id, attributes: { url: `https://pay.merchant-a.test/checkout/${id}` } } },
    };
  }, (req, key) => req.headers.authorization === `Bearer ${key}`);
}

/** merchant_a events for a created checkout. */
export const merchantAEvents = {
  orderCreated: (c: CreatedCheckout, over: { total?: number; currency?: string; orderId?: string; id?: string } = {}) => ({
    meta: { event_name: "order_created", custom_data: { order_id: over.orderId ?? c.orderId } },
    data: { type: "orders", id: over.id ?? `ord-${c.id}`, attributes: { status: "paid", total: over.total ?? c.amount, currency: over.currency ?? c.currency } },
  }),
  subscriptionPayment: (c: CreatedCheckout, invoiceId: string) => ({
    meta: { event_name: "subscription_payment_success", custom_data: { order_id: c.orderId } },
    data: { type: "subscription-invoices", id: invoiceId, attributes: { status: "paid", total: c.amount, currency: c.currency, subscription_id: `sub-${c.id}` } },
  }),
  refunded: (c: CreatedCheckout) => ({
    meta: { event_name: "order_refunded", custom_data: { order_id: c.orderId } },
    data: { type: "orders", id: `ord-${c.id}`, attributes: { status: "refunded", total: c.amount, currency: c.currency } },
  }),
};

/** Card processor B: POST /v1/transactions, Merchant-B-Signature: sha256=<hex>. */
export function startMerchantB(): Promise<FakeProcessor> {
  return fake("merchant_b", "sha256", "merchant-b-signature", "sha256=", (req, body, id) => {
    if (req.method !== "POST" || req.url !== "/v1/transactions") return null;
    return {
      checkout: {
        orderId: body.custom_data.order_id, amount: Number(body.items[0].unit_price.amount), currency: body.currency_code,
        recurring: Boolean(body.billing_cycle),
      },
      answer: { data: { id, status: "ready", checkout: { url: `https://pay.merchant-b.test/txn/${id}` } } },
    };
  }, (req, key) => req.headers.authorization === `Bearer ${key}`);
}

export const merchantBEvents = {
  orderCreated: (c: CreatedCheckout, over: { total?: number } = {}) => ({
    event_id: `evt-${c.id}`, event_type: "order.created",
    data: { id: c.id, custom_data: { order_id: c.orderId }, currency_code: c.currency, totals: { total: String(over.total ?? c.amount) } },
  }),
  subscriptionPayment: (c: CreatedCheckout, paymentId: string) => ({
    event_id: `evt-${paymentId}`, event_type: "subscription.payment_succeeded",
    data: { id: paymentId, custom_data: { order_id: c.orderId }, currency_code: c.currency, totals: { total: String(c.amount) } },
  }),
  refunded: (c: CreatedCheckout) => ({
    event_id: `evt-r-${c.id}`, event_type: "order.refunded",
    data: { id: `rf-${c.id}`, custom_data: { order_id: c.orderId }, currency_code: c.currency, totals: { total: String(c.amount) } },
  }),
};

/** The crypto processor: POST /v1/invoice (x-api-key), IPN signed HMAC-SHA512 in X-Nowpayments-Sig. */
export function startCryptoProcessor(): Promise<FakeProcessor> {
  return fake("crypto", "sha512", "x-nowpayments-sig", "", (req, body, id) => {
    if (req.method !== "POST" || req.url !== "/v1/invoice") return null;
    const [whole, frac] = String(body.price_amount).split(".");
    return {
      checkout: {
        orderId: body.order_id, amount: Number(whole) * 100 + Number(frac ?? 0), currency: String(body.price_currency).toUpperCase(),
        recurring: false,
      },
      answer: { id, invoice_url: `https://pay.crypto.test/invoice/${id}`, price_amount: body.price_amount },
    };
  }, (req, key) => req.headers["x-api-key"] === key);
}

export const cryptoEvents = {
  ipn: (c: CreatedCheckout, status: string, over: { priceAmount?: string; paymentId?: string; orderId?: string } = {}) => ({
    payment_id: over.paymentId ?? `pay-${c.id}`, invoice_id: c.id, order_id: over.orderId ?? c.orderId, payment_status: status,
    price_amount: over.priceAmount ?? `${Math.trunc(c.amount / 100)}.${String(c.amount % 100).padStart(2, "0")}`,
    price_currency: c.currency.toLowerCase(), pay_currency: "btc", actually_paid: status === "partially_paid" ? 0.00001 : 0.0001,
  }),
};

export interface FakeLightningNode {
  baseUrl: string;
  apiKey: string;
  invoices: Map<string, { amountSats: number; paid: boolean; expiry: number; memo: string }>;
  markPaid(paymentHash: string): void;
  close(): Promise<void>;
}

/** An LNbits-style wallet: POST /api/v1/payments creates an invoice, GET /api/v1/payments/{hash} reports it. */
export async function startLightningNode(): Promise<FakeLightningNode> {
  const apiKey = `ln-invoice-key-${randomBytes(4).toString("hex")}`;
  const invoices: FakeLightningNode["invoices"] = new Map();
  const s = await listen((req, raw, res) => {
    if (req.headers["x-api-key"] !== apiKey) return json(res, 401, { detail: "Invalid key" });
    if (req.method === "POST" && req.url === "/api/v1/payments") {
      const body = JSON.parse(raw) as { out: boolean; amount: number; memo: string; expiry: number };
      const hash = createHash("sha256").update(randomBytes(32)).digest("hex");
      invoices.set(hash, { amountSats: body.amount, paid: false, expiry: body.expiry, memo: body.memo });
      return json(res, 201, { payment_hash: hash, payment_request: `lnbc${body.amount}n1p${hash.slice(0, 20)}` });
    }
    const m = /^\/api\/v1\/payments\/([0-9a-f]{64})$/.exec(req.url ?? "");
    const inv = m ? invoices.get(m[1]!) : undefined;
    if (req.method === "GET" && inv) {
      return json(res, 200, { paid: inv.paid, details: { amount: inv.amountSats * 1000, memo: inv.memo, expiry: inv.expiry } });
    }
    json(res, 404, { detail: "Payment does not exist." });
  });
  return {
    baseUrl: s.baseUrl, apiKey, invoices, close: s.close,
    markPaid: (hash) => { invoices.get(hash)!.paid = true; },
  };
}

export interface FakeBotApi {
  baseUrl: string;
  token: string;
  /** Every call: method name and JSON body. */
  calls: { method: string; body: any }[];
  close(): Promise<void>;
}

/** The messaging platform's bot API for Stars: sendInvoice, answerPreCheckoutQuery, sendMessage → {ok: true}. */
export async function startStarsBotApi(token = "777:stars-bot-token"): Promise<FakeBotApi> {
  const calls: FakeBotApi["calls"] = [];
  const s = await listen((req, raw, res) => {
    const m = /^\/bot([^/]+)\/(sendInvoice|answerPreCheckoutQuery|sendMessage)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !m || m[1] !== token) return json(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
    calls.push({ method: m[2]!, body: JSON.parse(raw) });
    json(res, 200, { ok: true, result: true });
  });
  return { baseUrl: s.baseUrl, token, calls, close: s.close };
}
