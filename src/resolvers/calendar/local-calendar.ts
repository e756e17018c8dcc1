/** The engine's view of local civil dates, from a zone's clock (pure: it lives in the engine). */
export { localCalendarOf } from "../../engine/calendar/local-calendar.js";
