/**
 * Outgoing mail. With SMTP configured, nodemailer delivers it; with none, the whole mail (PIN and
 * link included) goes to the log, so a local user can still verify.
 */
import type { Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** "smtp" or "log": where mail goes. */
  readonly kind: "smtp" | "log";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465). Otherwise STARTTLS is used when the server offers it. */
  secure?: boolean;
  user?: string;
  pass?: string;
  /** Sender address, e.g. "Vedic Astro <no-reply@example.com>". */
  from: string;
}

export type MailLog = (message: string, fields: Record<string, unknown>) => void;

/** An SMTP mailer when `smtp` is given, otherwise one that writes each mail to `log`. */
export function createMailer(smtp: SmtpConfig | undefined, log: MailLog): Mailer {
  if (!smtp) {
    return {
      kind: "log",
      async send(m) {
        log("mail not sent (no SMTP configured); its content follows", { to: m.to, subject: m.subject, text: m.text });
      },
      async close() {},
    };
  }
  // nodemailer (≈ 650 KB of modules) is loaded at the first mail, not in every worker at start.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure ?? smtp.port === 465,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? "" } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })));
  return {
    kind: "smtp",
    async send(m) {
      await (await open()).sendMail({ from: smtp.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The verification mail: a button to `verifyUrl` and the 6-digit PIN for agents. */
export function verificationMail(args: {
  to: string;
  name: string | null;
  pin: string;
  verifyUrl: string;
  validMinutes: number;
  /** The address already has an account: verifying gives it a new key (key recovery). */
  recovery?: boolean;
}): MailMessage {
  const hello = args.name ? `Hello ${args.name},` : "Hello,";
  const purpose = args.recovery
    ? "a new API key was asked for the account of this address. Confirm to receive it (your other keys keep working)."
    : "confirm your address to receive your Vedic Astro API key.";
  const text = [
    hello,
    "",
    purpose,
    "",
    `Open this link: ${args.verifyUrl}`,
    "",
    `or send this PIN with POST /verify {"email", "code"}: ${args.pin}`,
    "",
    `The link and the PIN are valid for ${args.validMinutes} minutes.`,
    "If you did not ask for this, ignore this mail.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(purpose)}</p>
<p><a href="${escapeHtml(args.verifyUrl)}" style="display:inline-block;padding:10px 18px;background:#b3541e;color:#fff;text-decoration:none;border-radius:4px">Verify and show my API key</a></p>
<p>Or send this PIN with <code>POST /verify</code>: <strong style="font-size:1.4em;letter-spacing:2px">${escapeHtml(args.pin)}</strong></p>
<p>The link and the PIN are valid for ${args.validMinutes} minutes. If you did not ask for this, ignore this mail.</p>
</body></html>`;
  return { to: args.to, subject: `Your Vedic Astro verification PIN: ${args.pin}`, text, html };
}
