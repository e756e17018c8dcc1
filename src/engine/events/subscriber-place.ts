/**
 * A subscriber's optional place (docs/architecture.md §8), the one rule webhook subscriptions
 * and GraphQL `astroEvents` share: latitude and longitude given both or neither, in degrees
 * within range. Each face turns a refusal into its own error (422 / BAD_USER_INPUT) naming the field.
 */

export interface SubscriberPlace {
  readonly latDeg: number;
  readonly lonDeg: number;
}

export type SubscriberPlaceCheck =
  | { readonly place: SubscriberPlace | null }
  | { readonly field: "latitude" | "longitude"; readonly message: string };

export function subscriberPlace(latitude: number | null | undefined, longitude: number | null | undefined): SubscriberPlaceCheck {
  const lat = latitude ?? null;
  const lon = longitude ?? null;
  if ((lat === null) !== (lon === null)) {
    return { field: lat === null ? "latitude" : "longitude", message: "latitude and longitude go together: give both (the subscriber's place) or neither" };
  }
  if (lat === null || lon === null) return { place: null };
  const limits = [["latitude", lat, 90], ["longitude", lon, 180]] as const;
  for (const [field, value, limit] of limits) {
    if (!Number.isFinite(value) || value < -limit || value > limit) {
      return { field, message: `${field} must be between -${limit} and ${limit}°, got ${value}` };
    }
  }
  return { place: { latDeg: lat, lonDeg: lon } };
}
