/**
 * GET /payment/success and /payment/cancel: the pages a processor sends the buyer back to. Pages
 * for people: HTML unless the caller asks for JSON (Accept: application/json); with ?order_id= the success page says whether the payment has
 * been confirmed yet (credits arrive with the processor's callback, not with this page).
 */
import { messagePage } from "../html-page.js";
import type { RouteEntry, RouteReply } from "../route-entry.js";
import { creditsText } from "../../accounts/credits.js";

interface OrderData { paymentOrderStatus: { orderId: string; status: string; credits: number; plan: string | null } | null }

const page = messagePage;

function pageRoute(kind: "success" | "cancel"): RouteEntry {
  return {
    method: "get",
    path: `/payment/${kind}`,
    operationId: kind === "success" ? "paymentSuccess" : "paymentCancel",
    summary: kind === "success" ? "Page after a payment" : "Page after a cancelled payment",
    description: "A page for people: HTML unless Accept asks for application/json. order_id (optional) is the order the processor returns to.",
    tags: ["payments"],
    credits: 0,
    auth: "none",
    htmlPage: true,
    pageFirst: true,
    input: { query: { order_id: { type: "string", min: 1, max: 80, description: "ord_…" } } },
    document: /* GraphQL */ `
      query PaymentPage($orderId: String!) { paymentOrderStatus(orderId: $orderId) { orderId status credits plan } }
    `,
    variables: ({ query }) => ({ orderId: query.order_id ?? "" }),
    result: (data): RouteReply => {
      const o = (data as unknown as OrderData).paymentOrderStatus;
      if (kind === "cancel") {
        return {
          body: { status: "cancelled", order_id: o?.orderId ?? null, message: "The payment was cancelled; nothing was charged." },
          html: page("Payment cancelled", ["Nothing was charged. You can start a new checkout at any time."]),
        };
      }
      const message = !o ? "Thank you. Your credits are added as soon as the processor confirms the payment (GET /account shows the balance)."
        : o.status === "paid" ? `Payment confirmed: ${o.plan ? `the ${o.plan} plan and ` : ""}${creditsText(o.credits)} ${o.credits === 1 ? "was" : "were"} added.`
        : `Payment of order ${o.orderId} is ${o.status}; credits are added as soon as the processor confirms it.`;
      return {
        body: { status: o?.status ?? "unknown", order_id: o?.orderId ?? null, message },
        html: page(o?.status === "paid" ? "Payment confirmed" : "Thank you", [message]),
      };
    },
    responseSchema: {
      type: "object",
      required: ["status", "message"],
      properties: { status: { type: "string" }, order_id: { type: ["string", "null"] }, message: { type: "string" } },
    },
  };
}

export const PAYMENT_PAGE_ROUTES = [pageRoute("success"), pageRoute("cancel")];
