import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("CalendarTithi", { description: "The governing tithi and when it runs (in the calendar's zone)." })
export class CalendarTithiType {
  @Field(() => Int, { description: "1–30 (16–30 Krishna paksha)." }) number!: number;
  @Field() name!: string;
  @Field() paksha!: string;
  @Field() start!: string;
  @Field() end!: string;
}

@ObjectType("CalendarMasa", { description: "The lunar month of the governing tithi in both reckonings." })
export class CalendarMasaType {
  @Field() amanta!: string;
  @Field({ description: "North-Indian name: a Krishna paksha belongs to the following month." }) purnimanta!: string;
  @Field({ description: "The lunation holds no sankranti." }) adhika!: boolean;
}

@ObjectType("CalendarMuhurta", { description: "The window a rite is done in (in the calendar's zone)." })
export class CalendarMuhurtaType {
  @Field() start!: string;
  @Field() end!: string;
}

@ObjectType("CalendarParana", { description: "Ekadashi: the window to break the fast on the next day, and the rule that set each end (in the calendar's zone)." })
export class CalendarParanaType {
  @Field({ description: "Local civil date of the parana day." }) date!: string;
  @Field() start!: string;
  @Field() end!: string;
  @Field({ description: "sunrise, hari-vasara-end or madhyahna-end (Hari Vasara past the morning: after madhyahna)." }) startRule!: string;
  @Field({ description: "pratahkala-end, dwadashi-end or aparahna-end." }) endRule!: string;
  @Field(() => String, { nullable: true, description: "End of Hari Vasara (first quarter of Dwadashi) when after the parana day's sunrise." })
  hariVasaraEnd!: string | null;
  @Field(() => String, { nullable: true, description: "End of Dwadashi when after the parana day's sunrise; null: Dwadashi ended before sunrise." })
  dwadashiEnd!: string | null;
}

@ObjectType("CalendarEntry", { description: "One festival or vrata day." })
export class CalendarEntryType {
  @Field({ description: "The name, in the language asked (docs/languages.md); English by default." }) name!: string;
  @Field({ description: "The festival's or vrata's stable language-free key (makar_sankranti, kamada_ekadashi, chaitra_purnima_upavasa …): the same in every language." })
  key!: string;
  @Field({ description: "festival, ekadashi_smarta, ekadashi_vaishnava, pradosham, vinayaka_chaturthi, sankashti_chaturthi, purnima, purnima_snana, amavasya, amavasya_snana, masik_shivaratri, sankranti, navaratri, navaratri_day." })
  kind!: string;
  @Field(() => String, { nullable: true, description: "Regional festivals: the region whose calendar keeps it (tamil, kerala, bengal, odisha, assam, punjab)." })
  region!: string | null;
  @Field({ description: "Local civil date (YYYY-MM-DD) in the calendar's zone." }) date!: string;
  @Field(() => String, { nullable: true, description: "Last day of a span (Navaratri)." }) endDate!: string | null;
  @Field({ description: "The rule applied." }) rule!: string;
  @Field(() => String, { nullable: true, description: "How the day was chosen: udaya-muhurtas, only-day, full-kala, greater-share, tie-first, tie-later, kshaya, fallback; Holika Dahan and Raksha Bandhan: bhadra-free, bhadra-free-pradosha, second-day, after-bhadra, bhadra-puchha, in-bhadra; Janmashtami: rohini; Dussehra: shravana; Maha Navami: navaratri-eve." })
  choice!: string | null;
  @Field(() => CalendarTithiType, { nullable: true }) tithi!: CalendarTithiType | null;
  @Field(() => String, { nullable: true, description: "Sankranti: the moment the Sun enters the rashi." }) instant!: string | null;
  @Field(() => CalendarMasaType, { nullable: true }) masa!: CalendarMasaType | null;
  @Field(() => CalendarMuhurtaType, { nullable: true, description: "Holika Dahan and Raksha Bandhan: the window free of Bhadra (or as the rule allows)." })
  muhurta!: CalendarMuhurtaType | null;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => CalendarParanaType, { nullable: true, description: "Ekadashi (Smarta and Vaishnava): the parana window." })
  parana!: CalendarParanaType | null;
}

@ObjectType("Calendar", { description: "Festivals and vrata days of a year at a place, dated in the place's time zone." })
export class CalendarType {
  @Field(() => Int) year!: number;
  @Field() latitude!: number;
  @Field() longitude!: number;
  @Field({ description: "The IANA zone (or ±HH:MM) dates and times are given in." }) timeZone!: string;
  @Field({ description: "tz (the caller's) or coordinates (looked up offline from the place)." }) timeZoneSource!: string;
  @Field(() => [CalendarEntryType]) festivals!: CalendarEntryType[];
  @Field(() => [CalendarEntryType]) vratas!: CalendarEntryType[];
  @Field(() => [CalendarEntryType]) monthVratas!: CalendarEntryType[];
}
