/** The account services the gateway wires into routes and resolvers. */
export * from "./accounts-repo.js";
export * from "./account-view.js";
export * from "./api-keys.js";
export * from "./clock.js";
export * from "./credits.js";
export * from "./errors.js";
export * from "./ledger.js";
export * from "./mailer.js";
export * from "./messenger-bot.js";
export * from "./registration.js";
export * from "./stats.js";
export * from "./plans.js";
export * from "./rate-window.js";
export * from "./text-input.js";
export * from "./action-limits.js";
export * from "./billing-rounds.js";
export * from "./address-bucket.js";
