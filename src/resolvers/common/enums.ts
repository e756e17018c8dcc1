import { registerEnumType } from "type-graphql";
import {
  AYANAMSHAS, GRAHAS, MONTH_CONVENTIONS, NODE_KINDS, SUNRISE_CONVENTIONS,
} from "../../engine/types.js";
import { HOUSE_SYSTEMS, type HouseSystem } from "../../engine/astro/houses.js";
import { HORA_SYSTEMS } from "../../engine/panchanga/hora.js";
import { ALL_EVENT_TYPES, EVENT_TYPES, PERSONAL_EVENT_TYPES } from "../../engine/events/event-types.js";

/**
 * GraphQL enums over the engine's vocabularies. The GraphQL name is the engine name in upper
 * case (SUN, TRUE_CHITRA); the value a resolver receives is the engine name itself ("sun").
 */
function enumOf<T extends string>(values: readonly T[]): Record<string, T> {
  return Object.fromEntries(values.map((v) => [v.toUpperCase(), v]));
}

export type HouseSystemName = HouseSystem;

export const GrahaEnum = enumOf(GRAHAS);
export const AyanamshaEnum = enumOf(AYANAMSHAS);
export const NodeKindEnum = enumOf(NODE_KINDS);
export const SunriseConventionEnum = enumOf(SUNRISE_CONVENTIONS);
export const MonthConventionEnum = enumOf(MONTH_CONVENTIONS);
export const HouseSystemEnum = enumOf(HOUSE_SYSTEMS);
export const HoraSystemEnum = enumOf(HORA_SYSTEMS);
export const EventTypeEnum = enumOf(ALL_EVENT_TYPES);

registerEnumType(GrahaEnum, {
  name: "Graha",
  description: "The nine grahas: Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Rahu (lunar north node), Ketu (south node).",
});
registerEnumType(AyanamshaEnum, {
  name: "Ayanamsha",
  description: "Sidereal zodiac origin: LAHIRI (Swiss Ephemeris definition, default), TRUE_CHITRA, KRISHNAMURTI, RAMAN.",
});
registerEnumType(NodeKindEnum, { name: "NodeKind", description: "Rahu/Ketu as the MEAN lunar node (default) or the TRUE (osculating) node." });
registerEnumType(SunriseConventionEnum, {
  name: "SunriseConvention",
  description: "UPPER_LIMB: upper limb with refraction (default); DISC_CENTER: centre with refraction; HINDU: centre, no refraction.",
});
registerEnumType(MonthConventionEnum, { name: "MonthConvention", description: "Lunar month ending at new moon (AMANTA, default) or full moon (PURNIMANTA)." });
registerEnumType(HouseSystemEnum, {
  name: "HouseSystem",
  description: "WHOLE_SIGN (default: house 1 is the ascendant's rashi), EQUAL (30° from the ascendant), PLACIDUS.",
});
registerEnumType(HoraSystemEnum, {
  name: "HoraSystem",
  description: "SIXTY_MINUTES: clock hours from sunrise, the last ending at the next sunrise (default; the interface spec); " +
    "PLANETARY: 12 equal parts of the day and 12 of the night (seasonal hours).",
});
registerEnumType(EventTypeEnum, {
  name: "EventType",
  description: "The specification's ten event types (its Events section): " + EVENT_TYPES.join(", ") + "; then the personal " +
    "event types of a birth-keyed subscription (docs/events.md): " + PERSONAL_EVENT_TYPES.join(", ") + "; then the maha and antar " +
    "changes of the other dasha systems, asked for with dashaSystems (<system>_dasha_maha_change, <system>_dasha_antar_change). " +
    "Webhook payloads spell them in lower case.",
});
