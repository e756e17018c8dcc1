/** New Delhi, the spec's default place for the festival and vrata calendars (no decorators here: REST imports it). */
export const DEFAULT_LATITUDE = 28.6139;
export const DEFAULT_LONGITUDE = 77.209;
