/**
 * Festival and vrata names (the pan-Indian list, the regional festivals and the vratas' fixed names),
 * keyed by a stable language-free key; the names composed of a month, rashi or tithi (Chaitra Purnima,
 * Mesha Sankranti, Pratipada Shraddha, the Ekadashis' Vaishnava days …) are built from these rows and
 * the masa, rashi and tithi tables in src/i18n/festival-names.ts.
 *
 * Sources: Hindi as Drik Panchang's Hindi edition prints each festival; a festival's regional name in
 * the language whose region keeps it under that name, as the language's Wikipedia edition titles it —
 * Makar Sankranti is பொங்கல் (ta), ઉત્તરાયણ (gu), माघे संक्रान्ति (ne), পৌষ সংক্রান্তি (bn), मकर संक्रांत (mr);
 * Ugadi is ఉగాది (te), ಯುಗಾದಿ (kn), गुढीपाडवा (mr), ગુડી પડવો (gu); Vasant Panchami is সরস্বতী পূজা (bn);
 * Dussehra is दसरा (mr), दशैँ (ne), বিজয়া দশমী (bn), ವಿಜಯದಶಮಿ (kn), విజయదశమి (te), விஜயதசமி (ta),
 * വിജയദശമി (ml); Diwali is दिवाळी (mr), तिहार (ne, the Laxmi Puja of Tihar: लक्ष्मी पूजा), দীপাবলি (bn),
 * દિવાળી (gu), ଦୀପାବଳି (or), దీపావళి (te), தீபாவளி (ta), ದೀಪಾವಳಿ (kn), ദീപാവലി (ml); Janmashtami is
 * கோகுலாஷ்டமி (ta), శ్రీకృష్ణ జన్మాష్టమి (te), ಕೃಷ್ಣ ಜನ್ಮಾಷ್ಟಮಿ (kn), ശ്രീകൃഷ്ണജയന്തി (ml); Holi's
 * day after Holika Dahan is ધુળેટી (gu) and धूलिवंदन (mr), Holika Dahan itself होळी (mr), હોળી (gu);
 * Ganesh Chaturthi is विनायक चविथि (te: వినాయక చవితి), ವಿನಾಯಕ ಚತುರ್ಥಿ (kn), விநாயகர் சதுர்த்தி (ta);
 * the regional festivals in their own language (புத்தாண்டு, தைப்பொங்கல், ஆடிப்பெருக்கு, கார்த்திகை தீபம்,
 * தைப்பூசம், கந்த சஷ்டி; വിഷു, ഓണം; পয়লা বৈশাখ, কালীপূজা; ପଣା ସଂକ୍ରାନ୍ତି; বৈশাখী is Baisakhi in Bengali print).
 * Every other column is the Sanskrit (or Hindi) name written in the language's script (src/i18n/translit.ts)
 * — the form a regional almanac prints for a festival it has no name of its own for; where no regional
 * name is known to us with confidence, that is what is given, rather than a guess.
 */
import { termRows } from "../term-row.js";
import type { VocabularyTable } from "../vocabulary.js";

export const FESTIVALS: VocabularyTable = Object.freeze({
  name: "festivals",
  rows: termRows({
    makar_sankranti: {
      en: "Makar Sankranti", hi: "मकर संक्रांति", sa: "मकर संक्रान्ति",
      own: { mr: "मकर संक्रांत", ne: "माघे संक्रान्ति", bn: "পৌষ সংক্রান্তি", gu: "ઉત્તરાયણ", ta: "பொங்கல்", te: "మకర సంక్రాంతి", kn: "ಮಕರ ಸಂಕ್ರಾಂತಿ", ml: "മകരസംക്രാന്തി", or: "ମକର ସଂକ୍ରାନ୍ତି" },
    },
    lohri: { en: "Lohri", hi: "लोहड़ी", sa: "लोहडी" },
    vasant_panchami: { en: "Vasant Panchami", hi: "वसंत पंचमी", sa: "वसन्त पञ्चमी", own: { bn: "সরস্বতী পূজা", or: "ବସନ୍ତ ପଞ୍ଚମୀ" } },
    maha_shivaratri: {
      en: "Maha Shivaratri", hi: "महाशिवरात्रि", sa: "महाशिवरात्रि",
      own: { ta: "மகா சிவராத்திரி", te: "మహా శివరాత్రి", kn: "ಮಹಾ ಶಿವರಾತ್ರಿ", ml: "ശിവരാത്രി", bn: "মহাশিবরাত্রি" },
    },
    holika_dahan: { en: "Holika Dahan", hi: "होलिका दहन", own: { mr: "होळी", gu: "હોળી" } },
    holi: { en: "Holi", hi: "होली", own: { mr: "धूलिवंदन", gu: "ધુળેટી", bn: "হোলি", ta: "ஹோலி", te: "హోలీ", kn: "ಹೋಳಿ", ml: "ഹോളി", or: "ହୋଲି" } },
    ugadi: {
      en: "Ugadi / Gudi Padwa", hi: "उगादी / गुड़ी पड़वा", sa: "युगादि",
      own: { mr: "गुढीपाडवा", ne: "युगादि", gu: "ગુડી પડવો", te: "ఉగాది", kn: "ಯುಗಾದಿ", ta: "யுகாதி", ml: "യുഗാദി" },
    },
    // The Sindhi new year (Jhulelal Jayanti); there is no Sindhi column: the Hindi name, in the other scripts as written.
    cheti_chand: { en: "Cheti Chand", hi: "चेटी चंड", own: { mr: "चेटीचंड" } },
    chaitra_navaratri_ghatasthapana: { en: "Chaitra Navaratri (Ghatasthapana)", hi: "चैत्र नवरात्रि (घटस्थापना)", sa: "चैत्र नवरात्र (घटस्थापना)", own: { mr: "चैत्र नवरात्र (घटस्थापना)" } },
    ram_navami: {
      en: "Ram Navami", hi: "राम नवमी", sa: "रामनवमी",
      own: { te: "శ్రీరామ నవమి", kn: "ಶ್ರೀರಾಮ ನವಮಿ", ta: "ஸ்ரீ ராம நவமி", ml: "ശ്രീരാമനവമി", bn: "রামনবমী" },
    },
    mahavir_jayanti: { en: "Mahavir Jayanti", hi: "महावीर जयंती", sa: "महावीर जयन्ती" },
    hanuman_jayanti: { en: "Hanuman Jayanti", hi: "हनुमान जयंती", sa: "हनुमज्जयन्ती", own: { ta: "அனுமன் ஜெயந்தி", te: "హనుమాన్ జయంతి", kn: "ಹನುಮ ಜಯಂತಿ" } },
    akshaya_tritiya: { en: "Akshaya Tritiya", hi: "अक्षय तृतीया", own: { ta: "அட்சய திருதியை", te: "అక్షయ తృతీయ", kn: "ಅಕ್ಷಯ ತೃತೀಯ", ml: "അക്ഷയതൃതീയ", bn: "অক্ষয় তৃতীয়া" } },
    buddha_purnima: { en: "Buddha Purnima", hi: "बुद्ध पूर्णिमा", own: { ne: "बुद्ध जयन्ती", bn: "বুদ্ধ পূর্ণিমা" } },
    vat_savitri_vrat: { en: "Vat Savitri Vrat", hi: "वट सावित्री व्रत", sa: "वटसावित्री व्रत" },
    ganga_dussehra: { en: "Ganga Dussehra", hi: "गंगा दशहरा", sa: "गङ्गा दशहरा" },
    nirjala_ekadashi: { en: "Nirjala Ekadashi", hi: "निर्जला एकादशी" },
    jagannath_rath_yatra: { en: "Jagannath Rath Yatra", hi: "जगन्नाथ रथ यात्रा", sa: "जगन्नाथ रथयात्रा", own: { or: "ରଥଯାତ୍ରା", bn: "রথযাত্রা" } },
    devshayani_ekadashi: { en: "Devshayani Ekadashi", hi: "देवशयनी एकादशी", own: { mr: "आषाढी एकादशी" } },
    guru_purnima: { en: "Guru Purnima", hi: "गुरु पूर्णिमा", own: { mr: "गुरुपौर्णिमा" } },
    hariyali_teej: { en: "Hariyali Teej", hi: "हरियाली तीज", sa: "हरियाली तीज" },
    nag_panchami: { en: "Nag Panchami", hi: "नाग पंचमी", sa: "नागपञ्चमी", own: { ta: "நாக பஞ்சமி" } },
    raksha_bandhan: { en: "Raksha Bandhan", hi: "रक्षा बंधन", sa: "रक्षाबन्धन", own: { mr: "रक्षाबंधन", ne: "जनै पूर्णिमा" } },
    krishna_janmashtami: {
      en: "Krishna Janmashtami", hi: "कृष्ण जन्माष्टमी", sa: "कृष्णजन्माष्टमी",
      own: { mr: "गोकुळाष्टमी", ne: "कृष्णाष्टमी", ta: "கோகுலாஷ்டமி", te: "శ్రీకృష్ణ జన్మాష్టమి", kn: "ಕೃಷ್ಣ ಜನ್ಮಾಷ್ಟಮಿ", ml: "ശ്രീകൃഷ്ണജയന്തി", bn: "জন্মাষ্টমী" },
    },
    hartalika_teej: { en: "Hartalika Teej", hi: "हरतालिका तीज", own: { mr: "हरतालिका" } },
    ganesh_chaturthi: {
      en: "Ganesh Chaturthi", hi: "गणेश चतुर्थी", sa: "गणेश चतुर्थी",
      own: { te: "వినాయక చవితి", kn: "ವಿನಾಯಕ ಚತುರ್ಥಿ", ta: "விநாயகர் சதுர்த்தி", ml: "വിനായക ചതുർത്ഥി" },
    },
    anant_chaturdashi: { en: "Anant Chaturdashi", hi: "अनंत चतुर्दशी", sa: "अनन्त चतुर्दशी" },
    ganesh_visarjan: { en: "Ganesh Visarjan", hi: "गणेश विसर्जन", sa: "गणेश विसर्जन" },
    sarva_pitru_amavasya: { en: "Sarva Pitru Amavasya", hi: "सर्व पितृ अमावस्या", sa: "सर्वपितृ अमावास्या", own: { ta: "மகாளய அமாவாசை", bn: "মহালয়া" } },
    mahalaya: { en: "Mahalaya", hi: "महालया", sa: "महालय", own: { bn: "মহালয়া" } },
    sharad_navaratri_ghatasthapana: { en: "Sharad Navaratri (Ghatasthapana)", hi: "शारदीय नवरात्रि (घटस्थापना)", sa: "शारद नवरात्र (घटस्थापना)", own: { mr: "घटस्थापना", ne: "घटस्थापना" } },
    durga_ashtami: { en: "Durga Ashtami", hi: "दुर्गा अष्टमी", sa: "दुर्गाष्टमी", own: { bn: "মহাষ্টমী" } },
    maha_navami: { en: "Maha Navami", hi: "महा नवमी", sa: "महानवमी", own: { ta: "சரஸ்வதி பூஜை", ml: "മഹാനവമി", kn: "ಮಹಾನವಮಿ" } },
    dussehra: {
      en: "Dussehra", hi: "दशहरा", sa: "विजयादशमी",
      own: { mr: "दसरा", ne: "विजया दशमी", bn: "বিজয়া দশমী", ta: "விஜயதசமி", te: "విజయదశమి", kn: "ವಿಜಯದಶಮಿ", ml: "വിജയദശമി", gu: "દશેરા", or: "ଦଶହରା" },
    },
    sharad_purnima: { en: "Sharad Purnima", hi: "शरद पूर्णिमा", own: { mr: "कोजागरी पौर्णिमा", bn: "কোজাগরী লক্ষ্মীপূজা", or: "କୁମାର ପୂର୍ଣ୍ଣିମା" } },
    karva_chauth: { en: "Karva Chauth", hi: "करवा चौथ", sa: "करकचतुर्थी" },
    ahoi_ashtami: { en: "Ahoi Ashtami", hi: "अहोई अष्टमी", sa: "अहोई अष्टमी" },
    dhanteras: { en: "Dhanteras", hi: "धनतेरस", sa: "धनत्रयोदशी", own: { ne: "धनतेरस" } },
    narak_chaturdashi: { en: "Narak Chaturdashi", hi: "नरक चतुर्दशी", sa: "नरकचतुर्दशी", own: { ta: "நரக சதுர்த்தசி" } },
    diwali_lakshmi_puja: {
      en: "Diwali (Lakshmi Puja)", hi: "दीवाली (लक्ष्मी पूजा)", sa: "दीपावली (लक्ष्मीपूजा)",
      own: {
        mr: "दिवाळी (लक्ष्मीपूजन)", ne: "तिहार (लक्ष्मी पूजा)", bn: "দীপাবলি (লক্ষ্মীপূজা)", gu: "દિવાળી (લક્ષ્મી પૂજન)", or: "ଦୀପାବଳି (ଲକ୍ଷ୍ମୀ ପୂଜା)",
        te: "దీపావళి (లక్ష్మీ పూజ)", ta: "தீபாவளி (லட்சுமி பூஜை)", kn: "ದೀಪಾವಳಿ (ಲಕ್ಷ್ಮೀ ಪೂಜೆ)", ml: "ദീപാവലി (ലക്ഷ്മീപൂജ)",
      },
    },
    govardhan_puja: { en: "Govardhan Puja", hi: "गोवर्धन पूजा", sa: "गोवर्धनपूजा", own: { mr: "बलिप्रतिपदा", gu: "બેસતું વર્ષ" } },
    bhai_dooj: { en: "Bhai Dooj", hi: "भाई दूज", sa: "यमद्वितीया", own: { mr: "भाऊबीज", ne: "भाइटीका", bn: "ভাইফোঁটা", gu: "ભાઈબીજ" } },
    chhath_puja_sandhya_arghya: { en: "Chhath Puja (Sandhya Arghya)", hi: "छठ पूजा (संध्या अर्घ्य)", sa: "छठ पूजा (सन्ध्या अर्घ्य)" },
    chhath_puja_nahay_khay: { en: "Chhath Puja (Nahay Khay)", hi: "छठ पूजा (नहाय खाय)", sa: "छठ पूजा (नहाय खाय)" },
    chhath_puja_kharna: { en: "Chhath Puja (Kharna)", hi: "छठ पूजा (खरना)", sa: "छठ पूजा (खरना)" },
    chhath_puja_usha_arghya: { en: "Chhath Puja (Usha Arghya)", hi: "छठ पूजा (उषा अर्घ्य)", sa: "छठ पूजा (उषा अर्घ्य)" },
    tulsi_vivah: { en: "Tulsi Vivah", hi: "तुलसी विवाह", sa: "तुलसीविवाह" },
    dev_deepawali: { en: "Dev Deepawali", hi: "देव दीपावली", sa: "देवदीपावली" },
    dev_uthani_ekadashi: { en: "Dev Uthani Ekadashi", hi: "देवउठनी एकादशी", sa: "प्रबोधिनी एकादशी", own: { mr: "प्रबोधिनी एकादशी" } },
    kartika_purnima: { en: "Kartika Purnima", hi: "कार्तिक पूर्णिमा", own: { mr: "त्रिपुरारी पौर्णिमा", or: "ବୋଇତ ବନ୍ଦାଣ", ta: "கார்த்திகை பௌர்ணமி" } },
    vivah_panchami: { en: "Vivah Panchami", hi: "विवाह पंचमी", sa: "विवाहपञ्चमी" },
    gita_jayanti: { en: "Gita Jayanti", hi: "गीता जयंती", sa: "गीता जयन्ती" },
    dattatreya_jayanti: { en: "Dattatreya Jayanti", hi: "दत्तात्रेय जयंती", sa: "दत्तात्रेय जयन्ती", own: { mr: "दत्त जयंती" } },

    // Regional festivals (src/engine/calendar/regional-festivals.ts): their own region's name in its language.
    puthandu: { en: "Puthandu (Tamil New Year)", hi: "पुथांडु (तमिल नव वर्ष)", sa: "पुथाण्डु", own: { ta: "தமிழ்ப் புத்தாண்டு", te: "పుత్తాండు (తమిళ సంవత్సరాది)", ml: "പുത്താണ്ട്", kn: "ಪುತ್ತಾಂಡು" } },
    thai_pongal: { en: "Thai Pongal", hi: "थाई पोंगल", sa: "थै पोङ्गल्", own: { ta: "தைப்பொங்கல்", te: "పొంగల్", kn: "ಪೊಂಗಲ್", ml: "തൈപ്പൊങ്കൽ", bn: "পোঙ্গল", gu: "પોંગલ", or: "ପୋଙ୍ଗଲ" } },
    aadi_perukku: { en: "Aadi Perukku", hi: "आडि पेरुक्कु", own: { ta: "ஆடிப்பெருக்கு" } },
    karthigai_deepam: { en: "Karthigai Deepam", hi: "कार्तिगै दीपम्", sa: "कार्तिक दीपम्", own: { ta: "கார்த்திகை தீபம்", ml: "തൃക്കാർത്തിക", te: "కార్తీక దీపం", kn: "ಕಾರ್ತಿಕ ದೀಪ" } },
    thaipusam: { en: "Thaipusam", hi: "थाईपूसम", sa: "तैपूसम्", own: { ta: "தைப்பூசம்", ml: "തൈപ്പൂയം" } },
    varalakshmi_vratam: { en: "Varalakshmi Vratam", hi: "वरलक्ष्मी व्रत", sa: "वरलक्ष्मी व्रतम्", own: { ta: "வரலட்சுமி விரதம்", te: "వరలక్ష్మీ వ్రతం", kn: "ವರಮಹಾಲಕ್ಷ್ಮೀ ವ್ರತ", ml: "വരലക്ഷ്മി വ്രതം" } },
    skanda_sashti: { en: "Skanda Sashti (Soorasamharam)", hi: "स्कंद षष्ठी (सूरसंहारम्)", sa: "स्कन्द षष्ठी (शूरसंहार)", own: { ta: "கந்த சஷ்டி (சூரசம்ஹாரம்)", ml: "സ്കന്ദഷഷ്ഠി" } },
    vishu: { en: "Vishu", hi: "विषु", sa: "विषु", own: { ml: "വിഷു", ta: "விஷு", te: "విషు", kn: "ವಿಷು" } },
    onam: { en: "Onam (Thiruvonam)", hi: "ओणम (तिरुवोणम)", sa: "ओणम् (तिरुवोणम्)", own: { ml: "ഓണം (തിരുവോണം)", ta: "ஓணம் (திருவோணம்)", te: "ఓణం (తిరువోణం)", kn: "ಓಣಂ (ತಿರುವೋಣಂ)" } },
    pohela_boishakh: { en: "Pohela Boishakh", hi: "पोइला बैशाख", sa: "पयला वैशाख", own: { bn: "পয়লা বৈশাখ" } },
    maha_shashthi: { en: "Maha Shashthi (Durga Puja)", hi: "महाषष्ठी (दुर्गा पूजा)", sa: "महाषष्ठी (दुर्गापूजा)", own: { bn: "মহাষষ্ঠী (দুর্গাপূজা)" } },
    maha_saptami: { en: "Maha Saptami (Durga Puja)", hi: "महासप्तमी (दुर्गा पूजा)", sa: "महासप्तमी (दुर्गापूजा)", own: { bn: "মহাসপ্তমী (দুর্গাপূজা)" } },
    maha_ashtami: { en: "Maha Ashtami (Durga Puja)", hi: "महाअष्टमी (दुर्गा पूजा)", sa: "महाष्टमी (दुर्गापूजा)", own: { bn: "মহাষ্টমী (দুর্গাপূজা)" } },
    maha_navami_durga_puja: { en: "Maha Navami (Durga Puja)", hi: "महानवमी (दुर्गा पूजा)", sa: "महानवमी (दुर्गापूजा)", own: { bn: "মহানবমী (দুর্গাপূজা)" } },
    bijoya_dashami: { en: "Bijoya Dashami (Durga Puja)", hi: "विजया दशमी (दुर्गा पूजा)", sa: "विजयादशमी (दुर्गापूजा)", own: { bn: "বিজয়া দশমী (দুর্গাপূজা)" } },
    kali_puja: { en: "Kali Puja", hi: "काली पूजा", sa: "कालीपूजा", own: { bn: "কালীপূজা" } },
    pana_sankranti: { en: "Pana Sankranti (Odia New Year)", hi: "पणा संक्रांति (ओड़िया नव वर्ष)", sa: "पणा संक्रान्ति", own: { or: "ପଣା ସଂକ୍ରାନ୍ତି (ଓଡ଼ିଆ ନୂଆବର୍ଷ)" } },
    bohag_bihu: { en: "Bohag Bihu (Rongali)", hi: "बोहाग बिहू (रंगाली)", sa: "बोहाग बिहु (रङ्गाली)", own: { bn: "বহাগ বিহু (রঙালী)" } },
    kati_bihu: { en: "Kati Bihu (Kongali)", hi: "काती बिहू (कंगाली)", sa: "काति बिहु (कङ्गाली)", own: { bn: "কাতি বিহু (কঙালী)" } },
    magh_bihu: { en: "Magh Bihu (Bhogali)", hi: "माघ बिहू (भोगाली)", sa: "माघ बिहु (भोगाली)", own: { bn: "মাঘ বিহু (ভোগালী)" } },
    baisakhi: { en: "Baisakhi", hi: "बैसाखी", sa: "वैशाखी", own: { bn: "বৈশাখী" } },

    // The vratas' fixed names (src/engine/calendar/vrata.ts).
    pradosham_shukla: { en: "Pradosham (Shukla)", hi: "प्रदोष व्रत (शुक्ल)", sa: "प्रदोष (शुक्ल)", own: { ta: "பிரதோஷம் (வளர்பிறை)", te: "ప్రదోషం (శుక్ల)", ml: "പ്രദോഷം (ശുക്ലപക്ഷം)" } },
    pradosham_krishna: { en: "Pradosham (Krishna)", hi: "प्रदोष व्रत (कृष्ण)", sa: "प्रदोष (कृष्ण)", own: { ta: "பிரதோஷம் (தேய்பிறை)", te: "ప్రదోషం (కృష్ణ)", ml: "പ്രദോഷം (കൃഷ്ണപക്ഷം)" } },
    vinayaka_chaturthi: { en: "Vinayaka Chaturthi", hi: "विनायक चतुर्थी", own: { te: "వినాయక చవితి", ta: "விநாயகர் சதுர்த்தி" } },
    sankashti_chaturthi: { en: "Sankashti Chaturthi", hi: "संकष्टी चतुर्थी", own: { mr: "संकष्ट चतुर्थी", ta: "சங்கடஹர சதுர்த்தி", te: "సంకటహర చతుర్థి", kn: "ಸಂಕಷ್ಟ ಚತುರ್ಥಿ" } },
    masik_shivaratri: { en: "Masik Shivaratri", hi: "मासिक शिवरात्रि", own: { ta: "மாத சிவராத்திரி", te: "మాస శివరాత్రి" } },
    chaitra_navaratri: { en: "Chaitra Navaratri", hi: "चैत्र नवरात्रि", sa: "चैत्र नवरात्र", own: { mr: "चैत्र नवरात्र" } },
    sharad_navaratri: { en: "Sharad Navaratri", hi: "शारदीय नवरात्रि", sa: "शारद नवरात्र", own: { mr: "शारदीय नवरात्र", ne: "नवरात्र", ta: "நவராத்திரி", te: "దేవీ నవరాత్రులు", kn: "ನವರಾತ್ರಿ", ml: "നവരാത്രി", bn: "শারদীয় নবরাত্রি" } },
  }),
});

/**
 * The 26 Ekadashis (and the two of an adhika month), keyed by their name; the engine answers "<name> Ekadashi".
 * Sources: the Padma Purana names as Drik Panchang's Hindi edition prints them; the other scripts the Sanskrit names.
 */
export const EKADASHI_NAMES: Readonly<Record<string, { en: string; hi: string; sa?: string; own?: Partial<Record<string, string>> }>> = {
  kamada: { en: "Kamada", hi: "कामदा" }, varuthini: { en: "Varuthini", hi: "वरूथिनी" }, mohini: { en: "Mohini", hi: "मोहिनी" },
  apara: { en: "Apara", hi: "अपरा" }, nirjala: { en: "Nirjala", hi: "निर्जला" }, yogini: { en: "Yogini", hi: "योगिनी" },
  devshayani: { en: "Devshayani", hi: "देवशयनी", own: { mr: "आषाढी" } }, kamika: { en: "Kamika", hi: "कामिका" },
  shravana_putrada: { en: "Shravana Putrada", hi: "श्रावण पुत्रदा" }, aja: { en: "Aja", hi: "अजा" },
  parsva: { en: "Parsva", hi: "परिवर्तिनी", sa: "पार्श्व" }, indira: { en: "Indira", hi: "इन्दिरा" },
  papankusha: { en: "Papankusha", hi: "पापांकुशा", sa: "पापाङ्कुशा" }, rama: { en: "Rama", hi: "रमा" },
  devutthana: { en: "Devutthana", hi: "देवउठनी", sa: "देवोत्थान", own: { mr: "प्रबोधिनी" } }, utpanna: { en: "Utpanna", hi: "उत्पन्ना" },
  mokshada: { en: "Mokshada", hi: "मोक्षदा", own: { ta: "வைகுண்ட" } }, saphala: { en: "Saphala", hi: "सफला" },
  pausha_putrada: { en: "Pausha Putrada", hi: "पौष पुत्रदा" }, shattila: { en: "Shattila", hi: "षटतिला", sa: "षट्तिला" },
  jaya: { en: "Jaya", hi: "जया" }, vijaya: { en: "Vijaya", hi: "विजया" }, amalaki: { en: "Amalaki", hi: "आमलकी" },
  papamochani: { en: "Papamochani", hi: "पापमोचनी" }, padmini: { en: "Padmini", hi: "पद्मिनी" }, parama: { en: "Parama", hi: "परमा" },
};
