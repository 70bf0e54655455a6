// The schema index: drizzle-kit reads it to generate migrations, Drizzle to type relational queries.
export * from "../modules/accounts/accounts.tables.js";
export * from "../modules/audit/audit.tables.js";
export * from "../modules/auth/auth.tables.js";
export * from "../modules/events/events.tables.js";
export * from "../modules/forms/forms.tables.js";
export * from "../modules/guests/duplicates/duplicates.tables.js";
export * from "../modules/guests/guests.tables.js";
export * from "../modules/guests/imports/imports.tables.js";
export * from "../modules/guests/recommendations/recommendations.tables.js";
export * from "../modules/messages/messages.tables.js";
export * from "../modules/public/public.tables.js";
export * from "../modules/ticketing/ticketing.tables.js";
export * from "../platform/captcha.tables.js";
export * from "../platform/files.tables.js";
export * from "../platform/mail.tables.js";
export * from "../platform/rate-limit.tables.js";
