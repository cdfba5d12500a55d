/**
 * Demo content for a fresh StoryShare install: users, stories with comments and hearts,
 * donation pools with pledges, and the FAQ. Pure data; the seed script inserts it.
 * Image keys refer to `illustrations` in ./illustrations.ts.
 */
import type { Bank } from "~/constants";

export interface SeedAuthor {
  username: string;
}

export interface SeedComment {
  /** Username from `authors`. */
  author: string;
  content: string;
  /** Hours after the story was submitted. */
  hoursAfter: number;
}

export type SeedTier = "free" | "daily" | "weekly" | "monthly";
export type SeedStoryState = "approved" | "featured" | "pending";

export interface SeedStory {
  author: string;
  title: string;
  story: string;
  tier: SeedTier;
  state: SeedStoryState;
  bank_name: Bank;
  bank_account: string;
  account_name?: string;
  daysAgo: number;
  /** A paid story's payment reference; fixed for pending ones so docs/bank-statements can pay them. */
  payment_reference?: string;
  image?: string;
  hearts: number;
  comments: SeedComment[];
}

export interface SeedDonation {
  donor_name: string;
  phone_number: string;
  amount: number;
  transaction_reference: string;
  /** Fixed for pending pledges, so the sample statements in docs/bank-statements match them. */
  payment_code?: string;
  message?: string;
  status: "pending" | "verified" | "rejected";
  daysAgo: number;
  display_in_leaderboard: boolean;
  is_hidden?: boolean;
}

export interface SeedPool {
  name: string;
  description: string;
  goal_amount: number;
  status: "active" | "completed" | "archived";
  daysAgo: number;
  photos: string[];
  bank_name: Bank;
  bank_account: string;
  account_name: string;
  donations: SeedDonation[];
}

export interface SeedFaq {
  key: "q1" | "q2" | "q3" | "q4" | "q5" | "q6";
  mn: { question: string; answer: string };
  en: { question: string; answer: string };
}

/** Joins paragraphs the way story bodies are stored. */
const p = (...paragraphs: string[]): string => paragraphs.join("\n\n");

export const authors: SeedAuthor[] = [
  { username: "saraa_writes" },
  { username: "bat_erdene88" },
  { username: "nominzul" },
  { username: "temuulen_khovd" },
  { username: "oyunaa_bagsh" },
  { username: "ganzorig_trails" },
  { username: "anu_abroad" },
  { username: "khulan_mom" },
];

export const stories: SeedStory[] = [
  // ───────────────────────────── approved ─────────────────────────────
  {
    author: "saraa_writes",
    title: "Эмээгийн гэрт өнгөрүүлсэн зун",
    story: p(
      `Бага байхад минь ээж аав хоёр маань зун болгон намайг Архангай руу, эмээ өвөө хоёрынх руу явуулдаг байлаа. Цэцэрлэгийн чиглэлийн автобусанд хагас өдөр сэгсчүүлсний эцэст өвөө маань морьтой угтаж аваад, дахиад хоёр цаг явна. Тэр замын тоос, агаарт үнэртэх ганга, зэрлэг сонгины үнэр одоо ч хамрын минь үзүүрт байгаа юм шиг санагддаг.`,
      `Эмээгийн гэр голын хөвөөнд, хадны ёроолд байдаг байв. Өглөө бүр эмээ намайг «Босоорой, миний охин, үнээ саах болсон» гэж сэрээнэ. Би тугал барьж, эмээ саахад хажууд нь зогсоод, хүйтэн шүүдэрт хөл минь норсон ч нэг их тоодоггүй байлаа. Дараа нь гэртээ орж шинэхэн сүүтэй цай уугаад, өрөм, ээзгийгээ боовтой идэхэд хорвоод үүнээс амттай юм байхгүй мэт санагддаг сан.`,
      `Өдөртөө бид хөршийн хүүхдүүдтэй голд сэлж, шагай харваж, хурганы хашааны дээгүүр үсэрч тоглоно. Орой болохоор өвөө хонио туухад нь дагаж явна. Өвөө цөөн үгтэй хүн байсан ч үүлийг заагаад «Тэнгэрийг хар, миний охин. Маргааш бороо орно» гэдэг байв. Ихэнхдээ зөв таадаг нь надад ид шид мэт санагддаг байлаа.`,
      `Хамгийн их санагддаг нь оройн нар. Нар уулын цаана шингэхэд тал нутаг тэр чигтээ улбар шар өнгөтэй болж, тооноор гарах утаа шулуухан дээшээ суунаглана. Эмээ үүдэндээ суугаад ноос ээрч, би түүний өвөр дээр толгойгоо тавиад хэвтэнэ. Ямар ч утас, ямар ч дэлгэцгүй. Зөвхөн хонины майлах дуу, алсад хуцах нохой.`,
      `Одоо би өөрөө ээж болсон. Хүүхдүүд маань зуныг хотын тоглоомын талбай, гар утасны дэлгэцээр өнгөрөөхийг хараад заримдаа гунигладаг. Тиймээс энэ зун тэднийгээ дагуулаад Архангай руу явахаар шийдлээ. Эмээгийн гэр одоо байхгүй ч тэр гол, тэр хад хэвээрээ. Хүүхдүүддээ оройн нар хэрхэн шингэдгийг үзүүлмээр байна.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "Khaan Bank",
    bank_account: "5041862397",
    account_name: "Батбаяр Сараа",
    daysAgo: 44,
    image: "steppe-sunset",
    hearts: 8,
    comments: [
      {
        author: "khulan_mom",
        content:
          "Уншаад л нүд минь чийгтчихлээ. Яг миний бага нас. Манай эмээ ч гэсэн үүдэндээ суугаад ноос ээрдэг байсан 🥹",
        hoursAfter: 3,
      },
      {
        author: "bat_erdene88",
        content: "Архангайн зун шиг сайхан юм байхгүй ээ. Хүүхдүүдээ заавал аваачаарай!",
        hoursAfter: 7,
      },
      {
        author: "anu_abroad",
        content: "This made me so homesick. Beautiful writing ❤️",
        hoursAfter: 20,
      },
      {
        author: "saraa_writes",
        content: "Баярлалаа бүгдэд нь! Ирэх сард явахаар билетээ авчихлаа 😊",
        hoursAfter: 31,
      },
      {
        author: "oyunaa_bagsh",
        content: '"Тэнгэрийг хар, миний охин" гэдэг хэсэг их таалагдлаа.',
        hoursAfter: 52,
      },
    ],
  },
  {
    author: "bat_erdene88",
    title: "Эмээгийн хойморт золгосон өглөө",
    story: p(
      `Манай гэрт Цагаан сар битүүнээс долоо хоногийн өмнө эхэлдэг. Ээж маань «Энэ жил арай цөөн бууз чимхье» гэж жил бүр хэлдэг ч эцэст нь бид гурван мянга гаруйг чимхэж дуусгадаг. Аав гурил зуурна, эгч бид хоёр мах бэлдэнэ, бага дүү маань хэдийг чимхсэнээ тоолж, бүгдэд зарлана.`,
      `Битүүний орой гэр бүлээрээ цуглаж, цадталаа идээд эрт унтдаг. Учир нь шинийн нэгний өглөө үүр цайхаас өмнө босох ёстой. Аав маань хамгийн түрүүнд босож, дээлээ өмсөөд гадагш гарч, тухайн жилдээ таарсан зүг рүү мөр гаргана. Бага байхдаа би энэ ёсыг ойлгодоггүй, хүйтэнд гадаа алхаж байгаа аавыгаа цонхоор ширтдэг байлаа. Одоо бол хажууд нь хамт алхдаг болсон.`,
      `Дараа нь бүгдээрээ эмээгийнх рүү золгохоор явна. Эмээ маань хүрэн дээлээ өмсөж, хадгаа барьж, хойморт залраад сууна. Ач зээ нар нэг нэгээрээ золгоход эмээ хүн бүрийн нэрийг хэлж, хацрыг нь үнэрлэнэ. Жил ирэх тусам ач гуч нар нь олширч, заримдаа нэрийг нь андуурдаг ч хэн ч гомдохгүй, харин инээлдэнэ.`,
      `Эмээгийн ширээн дээр ул боов давхарлан өрж, ууц тавьж, цагаан идээ, чихэр жимсээр чимэглэнэ. Хүүхэд байхдаа бид ул боовны оройд тавьсан чихрийг хэн түрүүлж авах вэ гэж өрсөлддөг байсан.`,
      `Энэ жил миний хувьд онцгой байлаа. Анх удаа өөрийнхөө цалингаар эмээдээ бэлэг авч өгсөн юм. Энгийн ноолууран ороолт. Эмээ ороолтоо удаан илээд «Миний ач том хүн болжээ» гэхэд нүд минь чийгтэж, гэнэт өөрийгөө тэр долоон настай, чихэр хулгайлдаг жаал шигээ мэдэрлээ.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "Golomt Bank",
    bank_account: "1105293847",
    account_name: "Ганбаатар Бат-Эрдэнэ",
    daysAgo: 57,
    image: "tsagaan-sar",
    hearts: 7,
    comments: [
      {
        author: "nominzul",
        content: 'Манайх ч бас жил бүр "энэ жил цөөн чимхэнэ" гэдэг 😂 тэгээд л 2000 болчихдог',
        hoursAfter: 2,
      },
      {
        author: "ganzorig_trails",
        content: "Ороолтны хэсэг дээр сэтгэл хөдөлчихлөө. Эмээд чинь эрүүл энхийг хүсье.",
        hoursAfter: 9,
      },
      {
        author: "khulan_mom",
        content: "Гадаадад байхад ийм юм уншихаар Монголоо бүр ч их санах юм.",
        hoursAfter: 26,
      },
    ],
  },
  {
    author: "nominzul",
    title: "Сумаас ирсэн охин",
    story: p(
      `Арван долоотойдоо би Баянхонгорын нэгэн сумаас Улаанбаатар руу их сургуульд орохоор ирсэн. Түүнээс өмнө миний үзсэн хамгийн том хот бол аймгийн төв. Автобус Драгоны буудал дээр ирж зогсоход би цүнхээ чанга тэвэрч, дэндүү олон хүн, дэндүү их дуу чимээний дунд хэсэг зогссоноо санаж байна. Хүн бүр хаа нэгтээ яарна, хэн ч хэн рүүгээ хардаггүй. Манай суманд бол замд таарсан хүн бүртэйгээ мэндэлдэг.`,
      `Эхний өвөл хамгийн хэцүү байлаа. Утаа гэж юу болохыг би зөвхөн зурагтаар л сонссон байсан. Өглөө дотуур байрнаасаа гарахад хараа тогтохгүй саарал манан, хоолойд гашуун амт. Долоо хоногийн дотор ханиад хүрч, ээж рүүгээ залгаад уйлсан. Ээж маань «Гэртээ ирчих, миний охин» гэж хэлээгүй. Харин «Чи чадна. Цайгаа халуун уугаарай» гэсэн.`,
      `Автобусанд суух ч миний хувьд том сорилт байв. Анх удаа буруу автобусанд суугаад, нэг цагийн дараа Яармагт очиж буусан. Тэнд нэгэн танихгүй эгч намайг зөв автобусанд суулгаж, жолоочид «Энэ охиныг их сургуулийн буудал дээр буулгаарай» гэж захисан. Тэр эгчийн нэрийг асуугаагүйдээ одоо ч харамсдаг.`,
      `Дотуур байрны өрөөнд бид дөрвүүлээ байлаа: Ховд, Дорнод, Сүхбаатар, Баянхонгор. Хүн бүр гэрээсээ ирсэн боорцог, борц, ааруулаа хуваалцана. Тэр жижигхэн өрөө маань бүхэл бүтэн Монголын газрын зураг шиг байсан. Өнөөдөр ч бид дөрөв хамгийн дотны найзууд хэвээрээ.`,
      `Одоо би хотод арав дахь жилдээ амьдарч байна. Ажлаасаа оройтож буцахдаа Зайсангаас хот руу харах дуртай. Гэрлүүд нь яг л од шиг гялалзана. Гэхдээ хэзээ нэгэн цагт хүүхдүүддээ жинхэнэ одтой тэнгэрийг үзүүлэхээр сум руугаа очно гэдгээ мэднэ. Хот намайг хүлээж авсан, харин сум минь намайг хүмүүжүүлсэн.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "Khaan Bank",
    bank_account: "5127740865",
    account_name: "Доржсүрэн Номинзул",
    daysAgo: 36,
    image: "ub-night",
    hearts: 6,
    comments: [
      {
        author: "temuulen_khovd",
        content: "Драгон дээр анх буусан тэр мэдрэмжийг би ч сайн мэднэ 😄",
        hoursAfter: 1,
      },
      {
        author: "oyunaa_bagsh",
        content: 'Ээжийн чинь хэлсэн үг ямар хүчтэй юм бэ. "Чи чадна."',
        hoursAfter: 5,
      },
      {
        author: "anu_abroad",
        content: "Same feeling when I moved to Germany honestly. Great story!",
        hoursAfter: 14,
      },
      {
        author: "bat_erdene88",
        content: "Сүүлийн өгүүлбэр нь гоё байна. Хот хүлээж авсан, сум хүмүүжүүлсэн 👏",
        hoursAfter: 40,
      },
    ],
  },
  {
    author: "oyunaa_bagsh",
    title: "Өвөлжөө рүү нүүсэн өдөр",
    story: p(
      `Намрын сүүл сарын нэгэн өглөө Ганаа хүйтэнд чичрэн сэрлээ. Гэрийн бүрээсийг аль хэдийн буулгаж, толгой дээгүүр нь зөвхөн униа цухуйж, тэдгээрийн завсраар цайвар тэнгэр харагдана. Аав нь ханаа эвхэж, ээж нь тогоо шанагаа модон авдарт хийж байв.`,
      `— Бос, хүү минь. Өвөө чинь нар гарахаас өмнө хөдөлнө гэсэн, — гэж ээж нь хэлэв.`,
      `Тэд жил бүр ингэж нүүдэг. Зусланд ус ойрхон, өвс элбэг ч өвөл болохоор салхи ширүүсч, уулын нөмөрт буй өвөлжөө л малыг аварна. Өвөө нь «Мал өвлийг давбал хүн ч давна» гэж ярьдаг.`,
      `Ачааны машин дээр хана, униа, тооно, авдар шүүгээгээ тэгш ачиж, олсоор чанга бэхэллээ. Дүү Сувдаа нь кабинд өвөөгийнхөө өвөр дээр суухаар болж, харин Ганаа аавтайгаа морьтой хонь туух болов. Тэр арван нэгэн настай. Анх удаа томчуудтай адил үүрэг авсандаа дотроо баяртай байсан ч нүүрэндээ илэрхийлэхгүй хичээв.`,
      `Хонь удаан алхана. Хэдэн хурга хойно хоцорч, нохой Хасар нь тэднийг эргүүлж оруулна. Өдөр дундаас салхи ширүүсч, Ганаагийн хацар хөндүүрлэв. Аав нь өөрийнхөө ороолтыг тайлж, хүүгийнхээ хүзүүнд ороож өглөө. Хоёулаа юу ч ярилгүй цааш явав.`,
      `Үдээс хойш тэд өвөлжөөний хөндийд хүрлээ. Хадны нөмөрт байх чулуун хашаа, хуучин модон саравч тэднийг хүлээж байв. Яг тэр үед тэнгэрээс анхны цас ширхэглэн бууж эхэллээ.`,
      `Эрчүүд гэрээ барьж, эмэгтэйчүүд зуухаа засав. Харанхуй болохоос өмнө тооноор цагаан утаа суунаглан гарлаа. Ээж нь анхны цайгаа чанаж, дээжийг нь өргөхөд Ганаа галын дэргэд хөлдсөн гараа халаан суув. Гадаа цас улам өтгөрч, мал хашаандаа амар тайван хэвтэнэ.`,
      `— Өнөөдөр чи том хүн шиг ажиллалаа, — гэж аав нь хэлэв.`,
      `Ганаа юу ч хэлсэнгүй. Зөвхөн инээмсэглээд, халуун цайгаа үлээлээ.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "TDB",
    bank_account: "4318057269",
    account_name: "Лхагвасүрэн Оюунаа",
    daysAgo: 29,
    image: "winter-camp",
    hearts: 4,
    comments: [
      {
        author: "saraa_writes",
        content: "Аав нь ороолтоо тайлж өгдөг хэсэг... Жинхэнэ аавууд ийм л байдаг.",
        hoursAfter: 4,
      },
      {
        author: "bat_erdene88",
        content: "Бага байхдаа яг ингэж нүүдэг байсан. Анхны цас, анхны цай. Гоё бичжээ, багшаа.",
        hoursAfter: 11,
      },
    ],
  },
  {
    author: "anu_abroad",
    title: "My first year in Leipzig",
    story: p(
      `When I landed in Leipzig last September, I had two suitcases, a jar of my mother's dried meat hidden between sweaters, and a very confident idea of my German. The confidence lasted until the first bakery. The woman behind the counter asked me something fast and friendly, and I answered "Ja" to everything. I walked out with four loaves of bread and no idea what I had agreed to.`,
      `The first months were lonely in a way I did not expect. People told me I would miss the food or the cold, but nobody warned me that I would miss noise. In Ulaanbaatar there is always someone calling, a cousin dropping by, an aunt asking if you have eaten. My dormitory corridor was so quiet I could hear the radiator ticking. I called home every night, and my mum would carry the phone around the apartment so I could "visit" everyone, even the cat.`,
      `Winter was funny. My German classmates complained about minus five like it was the end of the world, while I wore a light jacket and felt like a superhero. Then I realised the real enemy was not the cold but the dark: the sun set before four in the afternoon, and the sky stayed grey for weeks.`,
      `Things changed in February, when I decided to make buuz for Tsagaan Sar. I couldn't find mutton, so I used beef and a little lamb from a Turkish shop, and I made the dough in a salad bowl because I had nothing bigger. I invited a Syrian girl from my floor, two Germans from my seminar and a Vietnamese guy who always cooked noodles at midnight. We folded dumplings together for three hours. Their buuz looked like little potatoes. Nobody cared.`,
      `That night the kitchen was loud for the first time. Someone taught me a word in Arabic, I taught everyone to say "Сар шинэдээ сайхан шинэлээрэй", and for a moment Leipzig felt a bit like home.`,
      `Now I'm in my second year. My German is better, I still buy too much bread, and once a month we have a "dumpling night" in the dorm. If you are about to go abroad to study, take your mother's recipes with you. They are heavier than they look, in a good way.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "Golomt Bank",
    bank_account: "1630478152",
    account_name: "Энхтөр Ану",
    daysAgo: 24,
    hearts: 3,
    comments: [
      {
        author: "khulan_mom",
        content: "Dumpling night гэдэг санаа их гоё байна! Бид ч Инчонд ийм юм хийдэг 😊",
        hoursAfter: 6,
      },
      {
        author: "ganzorig_trails",
        content: '"Their buuz looked like little potatoes" 😂😂',
        hoursAfter: 8,
      },
      {
        author: "nominzul",
        content: "Амжилт хүсье, Ану! Германд хүйтэн биш ч харанхуй гэдэг үнэн үү?",
        hoursAfter: 30,
      },
      {
        author: "anu_abroad",
        content: "@nominzul Үнэн 😅 12-р сард 4 цагт л харанхуй болчихдог",
        hoursAfter: 33,
      },
    ],
  },
  {
    author: "khulan_mom",
    title: "Эмээгийн бууз: жор биш, гарын мэдлэг",
    story: p(
      `Миний эмээ Должин нэг ч удаа жор бичиж үлдээгээгүй. «Хэдэн халбага давс хийх вэ?» гэж асуухад «Гар чинь мэднэ» гэж хариулдаг байлаа. Тиймээс би олон жил эмээгийнхээ хажууд зогсож, гарыг нь ажиглаж сурсан юм. Тэр гарын мэдлэгийг энд аль болох үгээр буулгахыг хичээлээ.`,
      `Мах. Эмээ буузаа заавал хонины махаар хийнэ. Махаа хэзээ ч машинд татдаггүй, хоёр хутгаар хэрчиж жижиглэнэ. «Машин махыг нухаж, шүүсийг нь алдуулдаг» гэдэг байсан. Нэг кило маханд хоёр дунд сонгино жижиглэж хийгээд, давс, хар перецээр амтлана. Хамгийн гол нууц нь хүйтэн ус. Хагас аяга орчим хүйтэн ус нэмж сайн зуурахад мах зөөлөн, шүүслэг болдог.`,
      `Гурил. Гурилаа хүйтэн усаар хатуувтар зуурч, алчуураар бүтээгээд хагас цаг амраана. Эмээ энэ хооронд цай чанаж, надтай ярилцдаг байв. Тэр хагас цаг миний хамгийн дуртай цаг байсан.`,
      `Чимхэх. Гурилаа уртаар өнхрүүлж, жижиг хэсгүүдэд хуваана. Хэсэг бүрийг төв нь зузаавтар, ирмэг нь нимгэн байхаар дугуй элдэнэ. Мах тавиад ирмэгээр нь эргүүлэн хуниана. Оройд нь жижигхэн нүх үлдээх нь заавал. «Бууз амьсгалах ёстой» гэж эмээ хэлдэг.`,
      `Жигнэх. Жигнүүрийн тавгийг тосоор арчаад, буузаа хоорондоо наалдахааргүй зайтай өрнө. Ус буцалсны дараа 18-20 минут жигнэнэ. Таг нээхэд гарах тэр уур, тэр үнэр бол манай гэрийн хамгийн дулаахан дурсамж.`,
      `Эмээ маань гурван жилийн өмнө бурхан болсон. Одоо Цагаан сар болгон охинтойгоо хамт бууз чимхэж байхдаа түүний үгсийг давтан хэлдэг болжээ. Охин маань «Хэдэн халбага давс хийх вэ?» гэж асуухад би инээгээд «Гар чинь мэднэ» гэж хариулдаг.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "Khaan Bank",
    bank_account: "5086613024",
    account_name: "Мөнхбаяр Хулан",
    daysAgo: 17,
    image: "buuz",
    hearts: 5,
    comments: [
      {
        author: "saraa_writes",
        content: "Машинаар биш хутгаар хэрчих — манай ээж ч бас яг ингэж хэлдэг!",
        hoursAfter: 2,
      },
      { author: "anu_abroad", content: "Saving this for my next dumpling night 🙏", hoursAfter: 5 },
      {
        author: "bat_erdene88",
        content: '"Бууз амьсгалах ёстой" 😄 Эмээ тань сайхан газар төрөөсэй.',
        hoursAfter: 12,
      },
      {
        author: "temuulen_khovd",
        content: "Хүйтэн ус хийдэг нууцыг анх удаа мэдлээ. Баярлалаа!",
        hoursAfter: 30,
      },
    ],
  },
  {
    author: "bat_erdene88",
    title: "Зудын өвөл",
    story: p(
      `Намайг арван дөрвөн настай байхад манай нутаг Завханы Идэр суманд их зуд болсон. Тэр намар цас эрт орж, арван нэгдүгээр сар гэхэд цас морины өвдөг хүрч байв. Өдөртөө бага зэрэг хайлж, шөнөдөө хөлдсөөр цасан дээр хатуу мөсөн хучлага тогтож, мал өвсөндөө хүрч чадахаа больсон.`,
      `Аав маань шөнө болгон гар чийдэнтэй гадаа гарч, хашаан дахь хонинуудынхаа дундуур алхана. Сульдсан хонийг гэртээ оруулж, зуухны дэргэд хэвтүүлнэ. Тэр өвөл манай гэр хагас хашаа шиг болсон: хурга, ишиг, бүр хоёр тугал бидэнтэй хамт хоноглодог байлаа. Ээж маань шөнөжин унтахгүй, тэднийг сүүгээр ундаалж, галаа унтраахгүй сахина.`,
      `Өвсний нөөц маань сар шинэ гарахаас өмнө дуусчихсан. Тэгэхэд хажуугийн айлын Дамдин гуай өөрийнхөө сүүлчийн гурван боодол өвсийг тэргэндээ ачаад ирсэн. Аав маань «Танайд ч хэрэгтэй шүү дээ» гэхэд тэр «Миний мал чинийхээс олон ч биш, цөөн ч биш. Хамтдаа давна» гэсэн. Би тэр үгийг насан туршдаа мартахгүй.`,
      `Сумын залуучууд трактороор зам цэвэрлэж, аймгаас өвс тэжээл ирэхэд айл бүрт хуваарилав. Хотын танихгүй хүмүүсийн илгээсэн дулаан хувцас, гутал ирэхэд би анх удаа яг өөрийнхөө хэмжээний шинэ эсгий гутал өмссөн.`,
      `Хавар болоход манай айл малынхаа бараг талыг алдсан байлаа. Зарим айл бүгдийг нь алдаж, хот руу нүүсэн. Гэвч үлдсэн хэдэн айл хамтдаа төллүүлж, хамтдаа хяргаж, шинэ зусландаа хамт нүүсэн.`,
      `Одоо би хотод амьдардаг. Өвөл ойртох бүрд нутгийнхаа цаг агаарын мэдээг хардаг болчихсон. Их цас орох гэж байна гэж сонсохоор зүрх минь базлагдана. Тиймээс өвөл бүр нутгийнхаа малчдад бага ч болов тусламж илгээдэг. Зуд бол нэг айлын гай биш. Тэр өвлийг бид хамтдаа л давсан.`,
    ),
    tier: "monthly",
    state: "approved",
    bank_name: "Golomt Bank",
    bank_account: "1105293847",
    account_name: "Ганбаатар Бат-Эрдэнэ",
    daysAgo: 52,
    hearts: 7,
    comments: [
      {
        author: "nominzul",
        content: "Дамдин гуайн хэлсэн үг... Жинхэнэ малчин хүний сэтгэл.",
        hoursAfter: 3,
      },
      {
        author: "saraa_writes",
        content: "Маш чухал түүх байна. Хотынхон зуд гэж юу болохыг тэр бүр мэддэггүй шүү дээ.",
        hoursAfter: 8,
      },
      {
        author: "oyunaa_bagsh",
        content: "Өөрийнхөө хэмжээний эсгий гутал гэдэг хэсэг дээр уйлчихлаа.",
        hoursAfter: 19,
      },
      {
        author: "temuulen_khovd",
        content: "Манай Ховдод ч бас нэг жил ийм зуд болж байсан. Хамтдаа давна гэдэг л үнэн.",
        hoursAfter: 45,
      },
    ],
  },
  {
    author: "temuulen_khovd",
    title: "Ховдод кофе шоп нээсэн нэг жил",
    story: p(
      `Дөрвөн жил Улаанбаатарт бариста хийсний эцэст би нутаг буцахаар шийдсэн. Найзууд маань «Ховдод кофе хэн уух юм бэ?» гэж инээлдсэн. Үнэнийг хэлэхэд би өөрөө ч эргэлзэж байлаа.`,
      `Ээжийн хадгаламж, банкны жижиг зээл, дөрвөн жил цуглуулсан мөнгөөрөө их сургуулийн ойролцоо гуч гаруй метр квадрат талбай түрээслэв. Ширээ сандлыг найз маань өөрөө хийж өгч, ханыг нь дүүтэйгээ хоёулаа гурван өдөр будсан.`,
      `Эхний сар бол гамшиг байлаа. Өдөрт тав, зургаахан хүн орж ирнэ. Тэдний тал нь «Сүүтэй цай байгаа юу?» гэж асуугаад гараад явна. Нэг өдөр нэг ахимаг эгч эспрессо захиалж, нэг балгаад «Энэ чинь эм юм уу?» гэж асуусан. Тэр орой би гэртээ очоод сайн унтаж чадаагүй.`,
      `Тэгээд бодлоо. Хүмүүст шинэ юм тулгах биш, танил зүйлийг шинэ хэлбэрээр санал болгох хэрэгтэй юм байна. Цэсэндээ сүүтэй цай, чацарганын халуун ундаа, өрөмтэй латте нэмлээ. Өрөмтэй латтег хүмүүс эхэндээ сэжиглэж байснаа одоо хамгийн их захиалдаг болсон. Зун нь Ховдын тарвасны шүүс бэлддэг, хажуу гудамжны казах эгч өглөө бүр халуун бауырсак авчирч өгдөг.`,
      `Өвөл бас нэг шалгуур байв. Хасах гучин таван хэмд усны хоолой хөлдөж, хоёр өдөр хаалгаа барьсан. Гэвч тэр хоёр өдөр оюутнууд «Хэзээ нээх вэ?» гэж мессеж бичээд байсан нь намайг их урамшуулсан.`,
      `Одоо манай кафе нэг нас хүрч, гурван ажилтантай боллоо. Орой бүр оюутнууд хичээлээ хийж, бямба гаригт ширээний тоглоом тоглодог. Анх эспрессогоо эм гэж байсан тэр эгч одоо долоо хоног бүр ирж «Нөгөө эмээ өгөөч» гэдэг. Тэр бол капучино.`,
      `Орон нутагт бизнес эхлүүлэх гэж буй хүмүүст хэлэхэд: хотоос санаа авчрах нь зөв, гэхдээ нутгийнхаа хүмүүсийг сонсож сур. Тэд танд хамгийн сайн цэсийг зааж өгнө.`,
    ),
    tier: "daily",
    state: "approved",
    bank_name: "Xac Bank",
    bank_account: "5002174639",
    account_name: "Баасанжав Тэмүүлэн",
    daysAgo: 13,
    image: "khovd-cafe",
    hearts: 4,
    comments: [
      { author: "anu_abroad", content: '"Нөгөө эмээ" 😂😂 I love this', hoursAfter: 1 },
      {
        author: "ganzorig_trails",
        content: "Ховд явахдаа заавал орно. Өрөмтэй латте ямар амттай юм бол!",
        hoursAfter: 6,
      },
      {
        author: "bat_erdene88",
        content: "Хотоос санаа авчирч, нутгийнхаа хүмүүсийг сонс — зөв үг байна.",
        hoursAfter: 20,
      },
      {
        author: "khulan_mom",
        content: "Амжилт хүсье! Ийм залуус нутагтаа буцаж байгаа нь их сайхан.",
        hoursAfter: 50,
      },
    ],
  },
  {
    author: "oyunaa_bagsh",
    title: "Сумын сургуульд багшилсан нэг жил",
    story: p(
      `Их сургуулиа төгсөөд би хотын нэгэн хувийн сургуульд ажилд орох санал авсан. Гэвч оронд нь сайн дурын хөтөлбөрөөр нэг жил Дорнод аймгийн алслагдсан нэгэн суманд англи хэл заахаар явсан. Ээж маань «Хотод байж байгаад хөдөө явах гэж» гэж их гайхаж байсан.`,
      `Сургууль маань гурван зуу орчим сурагчтай, тал нь дотуур байрт амьдардаг малчдын хүүхдүүд. Хамгийн бага нь зургаахан настай. Тэд ээж аавыгаа санаж, шөнөдөө уйлна. Эхний долоо хоногт би англи хэл заахаасаа илүү хамар арчиж, үс сүлжиж, тайвшруулсан.`,
      `Сургуулийн номын сан нэг жижиг өрөө, гурван тавиур ном. Ихэнх нь хуучин сурах бичиг. Хүүхдүүд унших дуртай ч унших юм байдаггүй. Тиймээс би найзууддаа фэйсбүүкээр хандаж, хүүхдийн ном цуглуулж эхэлсэн. Хоёр сарын дотор дөрвөн хайрцаг ном ирэв. Ангийнхаа буланд хивс дэвсэж, дэр тавиад «Уншлагын булан» гэж нэрлэлээ.`,
      `Мөнх-Очир гэдэг дөрөвдүгээр ангийн нэг хүү байсан. Хичээл дээр огт дуугардаггүй, дэвтрийнхээ ар талд үргэлж морь зурна. Нэг өдөр түүнд морины тухай зурагтай англи ном өгөхөд тэр номоо бүтэн долоо хоног буцааж өгөөгүй. Дараагийн долоо хоногт ангийн өмнө гарч «Horse. Fast horse. My horse is brown» гэж хэлэхэд бүх анги алга ташсан. Би ангийн ард гарч нууцхан уйлсан.`,
      `Өвөл хасах дөчин хэм хүрч, цахилгаан тасарсан шөнүүдэд бид лааны гэрэлд үлгэр уншдаг байлаа. Хавар болоход хүүхдүүд надад зориулж зураг зурж, ханан дээр наасан: тэмээ, гэр, нар, бас англиар «Thank you teacher».`,
      `Тэр нэг жил миний амьдралын чиглэлийг өөрчилсөн. Одоо хотод багшилж байгаа ч зун бүр тэр сумандаа очдог. Мөнх-Очир одоо долдугаар ангид сурч байгаа бөгөөд намайг англиар шоолох хэмжээнд ярьдаг болжээ.`,
    ),
    tier: "weekly",
    state: "approved",
    bank_name: "TDB",
    bank_account: "4318057269",
    account_name: "Лхагвасүрэн Оюунаа",
    daysAgo: 21,
    image: "soum-school",
    hearts: 6,
    comments: [
      {
        author: "khulan_mom",
        content: '"Horse. Fast horse. My horse is brown" 🥹 Багш гэдэг ямар сайхан мэргэжил вэ.',
        hoursAfter: 4,
      },
      {
        author: "nominzul",
        content: "Манай сумын сургуульд ч ном их дутагддаг. Ном илгээж болох уу?",
        hoursAfter: 10,
      },
      { author: "oyunaa_bagsh", content: "@nominzul Мэдээж, мессеж бичээрэй 😊", hoursAfter: 13 },
      {
        author: "ganzorig_trails",
        content: "Respect, багшаа. One year in a soum is not easy.",
        hoursAfter: 28,
      },
    ],
  },
  {
    author: "anu_abroad",
    title: "Two stones on Bogd Khan",
    story: p(
      `Every time I come home for the summer, my dad and I climb Bogd Khan. It started when I was twelve and he decided I spent too much time on my phone. Now it is our tradition, and I suspect he secretly trains for it for weeks.`,
      `This year we started from Zaisan early in the morning. The city was still waking up behind us: buses coughing, a woman selling khuushuur from a thermos box by the road. Within twenty minutes the noise was gone, replaced by larch trees, the smell of wet moss, and my dad's breathing, which he pretended was perfectly normal.`,
      `We don't talk much on the way up. That is the nice thing about climbing with a parent: you don't have to fill the silence. He points at things instead. A squirrel. Edelweiss on a rock. The place where, he says, he got lost with his classmates in 1991 and was found by a herder who laughed at them for an hour.`,
      `Near the top there is an ovoo with blue khadags tied around it, flapping like tiny flags. We walked around it three times clockwise and each added a stone. My dad always adds two: one for himself and one "for the one who is far away". For a long time I didn't understand he meant me.`,
      `From the ridge you can see the whole city: chimneys, ger districts climbing the hills, new towers shining in the sun. And on the other side, nothing but forest and more mountains rolling away towards Terelj. I always feel this is Mongolia in one picture: a loud, growing city with an endless quiet land right behind it.`,
      `We ate boiled eggs and cold buuz from my mum's plastic box and drank sweet tea from a thermos. Three days later I was back in Leipzig. When people ask me what I miss most, I say the food, because it's easier to explain. But really I miss that ridge, and my dad's two stones.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "Golomt Bank",
    bank_account: "1630478152",
    account_name: "Энхтөр Ану",
    daysAgo: 9,
    image: "bogd-khan",
    hearts: 2,
    comments: [
      {
        author: "bat_erdene88",
        content: "Хоёр чулуу... Аавууд ийм л юм хийдэг юм даа.",
        hoursAfter: 5,
      },
      {
        author: "saraa_writes",
        content: "Beautiful story. Ирэх зун бид ч гэсэн гэр бүлээрээ гарна.",
        hoursAfter: 20,
      },
    ],
  },
  {
    author: "temuulen_khovd",
    title: "Шөнийн автобус",
    story: p(
      `Ховдоос Улаанбаатар явах автобус орой зургаан цагт хөдөлдөг. Хорь гаруй цагийн зам. Би цонхны талын суудал авч, чихэвчээ зүүгээд, замдаа бүтэн унтахаар төлөвлөсөн байлаа.`,
      `Хажууд минь хүрэн дээлтэй, толгойдоо ороолт ороосон жижигхэн эмээ суув. Тэр суудалдаа суунгуутаа цүнхнээсээ уут ааруул гаргаж, надад сунгав.`,
      `— Ид, хүү минь. Зам холын шүү.`,
      `Чихэвчээ авахаас өөр аргагүй боллоо.`,
      `Эмээ хотод мэс засалд орсон ач хүүгээ эргэхээр явж байгаа аж. Ач нь таван настай. «Би юу ч хийж чадахгүй ч гэсэн хажууд нь байх ёстой» гэж тэр хэлэв. Бас нөхөр нь энэ замаар хорин жил ачааны машин жолоодсон, тэр үед зам шороон байсан, Ховдоос хот хүрэхэд бараг долоо хоног болдог байсан тухай ярилаа.`,
      `Шөнийн гурван цагт автобус нэгэн гуанзны өмнө зогсов. Зорчигчид нойрмог царайтай бууж, халуун цуйван, цай захиална. Эмээ надад өөрийнхөө мөнгөөр цай авч өгөөд, гадаа тэнгэр рүү заав.`,
      `— Хар даа, тэр долоон бурхныг. Манай өвгөн түүгээр л замаа олдог байсан юм.`,
      `Гар утсандаа газрын зураг ашигладаг болсноосоо хойш би анх удаа тэнгэрийн одыг ийм удаан ширтлээ.`,
      `Үүр цайхад Улаанбаатарын гэрлүүд харагдав. Драгоны буудал дээр хүмүүс бужигнаж, таксины жолооч нар дуудлага хийнэ. Эмээ цүнхээ үүрээд надад дахиад нэг уут ааруул өглөө.`,
      `— Ээждээ өгөөрэй.`,
      `Тэгээд л хүмүүсийн дунд алга болсон. Тэр үед би түүний нэрийг асуугаагүйгээ ойлгов.`,
      `Одоо Ховд явах болгондоо автобусанд суухдаа хажууд минь хэн суух бол гэж боддог. Чихэвчээ цүнхэндээ хийчихдэг болсон.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "Xac Bank",
    bank_account: "5002174639",
    account_name: "Баасанжав Тэмүүлэн",
    daysAgo: 6,
    hearts: 1,
    comments: [
      { author: "khulan_mom", content: "Ийм эмээ нар л биднийг хүн болгодог.", hoursAfter: 8 },
      {
        author: "oyunaa_bagsh",
        content: '"Чихэвчээ цүнхэндээ хийчихдэг болсон" — хамгийн гоё төгсгөл.',
        hoursAfter: 30,
      },
      {
        author: "nominzul",
        content: "Эмээгийн ач хүү одоо сайн болсон байгаа гэж найдъя 🙏",
        hoursAfter: 61,
      },
    ],
  },
  {
    author: "khulan_mom",
    title: "Хүүхдүүддээ монгол хэл заах нь",
    story: p(
      `Бид Инчонд амьдраад есөн жил болж байна. Том охин маань энд төрсөн, бага хүү маань хоёр настайдаа ирсэн. Тэд цэцэрлэг, сургуульдаа солонгосоор ярьж, найзуудтайгаа солонгосоор инээлдэнэ. Зүүдэндээ ч солонгосоор ярьдаг болов уу гэж заримдаа боддог.`,
      `Нэг өдөр охин маань эмээтэйгээ видео дуудлагаар ярьж байгаад «Эмээ, би... би...» гэснээ над руу эргэж «어떻게 말해?» гэж асуусан. Эмээ нь инээгээд өнгөрсөн ч би тэр шөнө унтаж чадаагүй. Хүүхэд минь өөрийнхөө эмээтэй ярих үг олохгүй байна гэж үү?`,
      `Тэр өдрөөс хойш бид гэртээ нэг дүрэм тогтоосон: үүдээр орсон л бол монголоор ярина. Эхэндээ амаргүй байлаа. Хүүхдүүд уурлаж, «Ээжээ, би мэдэхгүй байна!» гэж гомдоллоно. Би ч ядарсан орой бүр тэвчээртэй байх гэж хичээнэ.`,
      `Бидэнд тусалсан хэдэн зүйлийг хуваалцъя. Нэгдүгээрт, унтахын өмнө заавал монгол үлгэр уншина. Эхэндээ ном цөөхөн байсан тул Монголоос ирэх танилуудаар бүтэн чемодан ном авчруулж байлаа. Хоёрдугаарт, монгол хүүхдийн дуу, хүүхэлдэйн кино. Гуравдугаарт, хамгийн чухал нь, эмээ өвөөтэйгөө долоо хоног бүр ярих. Тэд хүүхдүүдийг засаад байдаггүй, зүгээр л ярилцдаг. Алдаа гаргахаас айхгүй байх нь хамгийн чухал юм билээ.`,
      `Одоо Инчон дахь монгол ээжүүд бид бямба гариг бүр цуглаж, хүүхдүүдтэйгээ монгол бичиг үзэж, дуулж бүжиглэдэг болсон.`,
      `Өнгөрсөн зун Монголд очиход охин маань эмээтэйгээ хоёр цаг ярилцаад, надаас «Ээжээ, эмээ намайг »миний ботго« гэсэн. Ботго гэж юу вэ?» гэж асуув. Тэмээний төл гэж тайлбарлахад тэр их баярласан.`,
      `Хэл бол зөвхөн харилцах хэрэгсэл биш. Энэ бол хүүхдүүд маань эмээгийнхээ тэврэлт, өвөөгийнхөө үлгэр рүү буцаж очих гүүр юм. Гадаадад амьдарч буй ээж аав нар аа, бууж өгөх хэрэггүй. Өдөрт ганцхан үг ч гэсэн.`,
    ),
    tier: "free",
    state: "approved",
    bank_name: "Khaan Bank",
    bank_account: "5086613024",
    account_name: "Мөнхбаяр Хулан",
    daysAgo: 11,
    hearts: 3,
    comments: [
      {
        author: "saraa_writes",
        content: '"Өдөрт ганцхан үг ч гэсэн" — гадаадад байгаа бүх ээжүүдэд хэрэгтэй үг.',
        hoursAfter: 5,
      },
      {
        author: "anu_abroad",
        content: "As someone living abroad this hit hard. Баярлалаа, эгчээ.",
        hoursAfter: 22,
      },
    ],
  },
  {
    author: "ganzorig_trails",
    title: "Хөвсгөлийн мөсөн дээр",
    story: p(
      `Гуравдугаар сарын эхээр бид Хатгал руу Хөвсгөлийн мөсний баярт очлоо. Зун нь олон удаа явсан ч өвлийн Хөвсгөлийг анх удаа үзэж байгаа минь энэ.`,
      `Мөс ийм тунгалаг байдаг гэдгийг би мэддэггүй байж. Нэг метр орчим зузаан мөсөн дундуур доош харахад цэнхэр ногоон гүн, хөлдсөн агаарын бөмбөлгүүд харагдана. Хөл доор чинь ус байгааг мэдэж байгаа ч яг л шилэн шалан дээр алхаж байгаа юм шиг.`,
      `Нутгийн Пүрэвдорж ах биднийг загасчлахаар дагуулж явлаа. Тэр мөсийг цүүгээр цоолж нүх гаргаад, дэргэд нь жижигхэн майхан барьсан. Бид тэнд бүтэн өдөр суугаад ердөө гурван загас барьсан ч, ах бидэнд мөсөн дээр шарсан шинэхэн загасны амтыг мэдрүүлсэн.`,
      `Шөнө нь хамгийн гайхалтай байлаа. Мөс тэлж агших бүрд хаа нэгтээ алсад аянга буух мэт нүргэлнэ. Эхний шөнө айж сэрээд гадагш гарвал Пүрэвдорж ах тамхиа татаад «Нуур маань амьсгалж байна» гэж тайван хэлсэн.`,
      `Баярын өдөр мөсөн дээр морин чарганы уралдаан, мөсөн шагайн харваа болж, цаатан айлууд цаа бугаа хөтлөөд ирэв. Хүүхдүүд цаа бугыг тойрон бужигнаж, мөсөн дээр барьсан цасан цайзууд нарны гэрэлд гялалзана.`,
      `Буцах замдаа машины цонхоор Хөвсгөлийн цагаан уудам руу удаан харлаа. Монголын өвөл хатуу ширүүн гэж бид ярьдаг. Гэхдээ тэр хатуу ширүүн өвлийн дунд ийм тунгалаг, ийм нам гүм гоо сайхан нуугдаж байдгийг би анх удаа харсан юм.`,
    ),
    tier: "daily",
    state: "approved",
    bank_name: "MBank",
    bank_account: "9000418273",
    account_name: "Отгонбаяр Ганзориг",
    daysAgo: 27,
    image: "khuvsgul-ice",
    hearts: 5,
    comments: [
      {
        author: "temuulen_khovd",
        content: '"Нуур маань амьсгалж байна"... ямар гоё хэлсэн юм бэ.',
        hoursAfter: 6,
      },
      {
        author: "anu_abroad",
        content: "Is the ice festival every March? I want to go!",
        hoursAfter: 15,
      },
      {
        author: "ganzorig_trails",
        content: "@anu_abroad Yes, usually early March in Khatgal 🙂",
        hoursAfter: 18,
      },
    ],
  },

  // ───────────────────────────── featured ─────────────────────────────
  {
    author: "nominzul",
    title: "Дүүгийн минь анхны уралдаан",
    story: p(
      `Манай өвөө насаараа уяач хүн. Наадам ойртох бүр манай гэрийн дэргэдэх уяан дээр морьд зогсож, өвөө өглөө орой тэднийг сойж, хөлсийг нь хусуураар арчина. Бага байхдаа би ганц удаа уралдаж үзээд мориноосоо унасан. Түүнээс хойш хурдан морь холоос л харах сайхан юм гэж боддог болсон.`,
      `Өнгөрсөн зун миний дүү Билгүүн найман нас хүрч, анх удаа сумын наадамд даага унахаар болов. Түүнээс хойш тэр хоолоо ч тоохоо больсон. Өглөө бүр өвөөтэй хамт босож, даагаа усалж, хөтөлж, чихэнд нь ямар нэг юм шивнэнэ. Юу гэж хэлдэг юм бэ гэж асуухад «Нууц» гэж хариулсан.`,
      `Наадмын өглөө ээж түүнд шар, улаан өнгийн уралдааны хувцас өмсгөж, малгайных нь оройд цэнхэр залаа уяв. Дүүгийнхээ нүүрийг ийм нухацтай байхыг би анх удаа харсан. Гараанд гарахаас өмнө хүүхдүүд морьдоо тойруулан гийнгоолдог. Тэр нарийхан хоолойнууд тал хээр цуурайтахад миний бие зарайсан.`,
      `Бид барианы ойролцоо машины дээвэр дээр зогсоод хүлээв. Нэг цаг, бараг хоёр цаг. Тэгтэл тэнгэрийн хаяанд тоос бужигнаж, хүмүүс «Ирж байна!» гэж хашгиралдав. Би дүүгийнхээ шар хувцсыг хайж, нүд ч цавчилгүй ширтэнэ. Эхний морь, хоёр дахь нь... Дөрөв дэх морины нуруун дээр жижигхэн шар толбо! Билгүүн ташуураа өндөр өргөөд, амаа ангайсан ч дуу нь гарахгүй байгаа юм шиг харагдсан.`,
      `Айргийн тавын цолыг дуудаж, морьдын толгой, нуруун дээр нь айраг цацав. Өвөө даагынхаа духыг илээд удаан юм хэлсэнгүй. Харин дүү маань над руу гүйж ирээд «Эгчээ, би сүүлийн даваан дээр айгаагүй шүү!» гэлээ.`,
      `Тэр орой гэртээ ирээд дүүгийн медалийг ханан дээр өвөөгийн олон медалийн дунд өлгөсөн. Хамгийн жижиг, хамгийн шинэ нь. Тэр медалийг харах бүрд би наадам бол зөвхөн хурдан морины өдөр биш, гэр бүл бүхэлдээ нэг зүрхээр цохилдог өдөр гэж боддог.`,
    ),
    tier: "monthly",
    state: "featured",
    bank_name: "Khaan Bank",
    bank_account: "5127740865",
    account_name: "Доржсүрэн Номинзул",
    daysAgo: 2,
    image: "naadam-race",
    hearts: 5,
    comments: [
      {
        author: "saraa_writes",
        content: "Айргийн тавд орсон гэнэ ээ! Билгүүн дүүд баяр хүргэе!",
        hoursAfter: 3,
      },
      {
        author: "temuulen_khovd",
        content: "Гийнгоолдог хэсгийг уншихад бие зарайчихлаа.",
        hoursAfter: 5,
      },
      {
        author: "ganzorig_trails",
        content: "Beautiful. Naadam really is a family thing. Баяр хүргэе!",
        hoursAfter: 12,
      },
      {
        author: "oyunaa_bagsh",
        content: '"Сүүлийн даваан дээр айгаагүй шүү" 🥹 ямар хөөрхөн юм бэ',
        hoursAfter: 20,
      },
      {
        author: "nominzul",
        content: "Баярлалаа бүгдэд нь! Дүүдээ уншиж өгөхөд их ичсэн 😄",
        hoursAfter: 26,
      },
    ],
  },
  {
    author: "ganzorig_trails",
    title: "Eight days in a purgon across the Gobi",
    story: p(
      `I have been a trekking guide for six years, but I had never done the Gobi the slow way: with friends, no clients, no schedule. Last month five of us finally rented an old UAZ van, the kind everyone here calls a purgon, together with its driver, Byambaa-akh, a man who has fixed more engines with wire and patience than most mechanics ever will.`,
      `The first day was asphalt and sleep. After Mandalgovi the road split into a dozen parallel tracks across the steppe, and Byambaa chose between them as if he were reading a book only he could see. When we asked how he knew which one was right, he just said, "The one that goes south."`,
      `At Yolyn Am there was still ice at the bottom of the gorge in the middle of summer. At Khongoryn Els we climbed the dunes at sunset, sliding back two steps for every three, and at the top we sat down and heard the sand sing: a deep hum, like a plane very far away. A herder family nearby let us ride their camels. Mine was called Khüren and had strong opinions about everything.`,
      `On day five the purgon died in the middle of nowhere. Byambaa opened the engine cover, looked at it for a long time and lit a cigarette. Forty minutes later, with a piece of fence wire and a bottle cap, it started again. We cheered as if he had won the Naadam race.`,
      `The nights were the best part. No lights anywhere, just the ger of whichever family agreed to host us, a bowl of milk tea and a sky so full of stars it felt heavy. A grandmother at Bayanzag told us about the dinosaur bones her sons used to find while herding goats, and laughed at how excited we got.`,
      `I've shown the Gobi to dozens of tourists. This trip reminded me why they come. If you live in Ulaanbaatar and have never been: go. Take a good driver, extra water, and don't plan too much. The Gobi plans for you.`,
    ),
    tier: "weekly",
    state: "featured",
    bank_name: "MBank",
    bank_account: "9000418273",
    account_name: "Отгонбаяр Ганзориг",
    daysAgo: 1,
    image: "gobi-camel",
    hearts: 3,
    comments: [
      {
        author: "temuulen_khovd",
        content: "Утас, лонхны таг хоёроор мотор засдаг жолооч нар бол жинхэнэ баатрууд 😂",
        hoursAfter: 3,
      },
      { author: "anu_abroad", content: "Adding this to my list for next summer!", hoursAfter: 9 },
      { author: "bat_erdene88", content: '"The Gobi plans for you" — яг зөв.', hoursAfter: 15 },
    ],
  },
  {
    author: "saraa_writes",
    title: "Аавдаа бичсэн захидал",
    story: p(
      `Аав аа,`,
      `Би танд нэг ч удаа захидал бичиж үзээгүй юм байна. Утсаар ярихад бид цаг агаар, таны даралт, ач нарын хичээлийн тухай л ярьдаг. Хэлэх гэсэн чухал үгээ хэлж амждаггүй. Тиймээс энд бичье гэж бодлоо.`,
      `Намайг бага байхад та Багануурын уурхайд ээлжээр ажилладаг байлаа. Шөнийн ээлжээсээ ирэхэд таны хувцаснаас нүүрс, төмөр, хүйтэн агаарын үнэр ханхална. Би тэр үнэрийг аавын үнэр гэж боддог байсан. Та ирээд шууд унтдаг, бид дүүтэйгээ шивнэлдэж, хөлийнхөө үзүүрээр алхана. Хүүхэд байхдаа би таныг их ядардаг, бага ярьдаг хүн гэж л боддог байсан.`,
      `Долдугаар ангид байхад сургуулиасаа уурхай үзэхээр очсон. Асар том экскаватор, гүн ангал, тоос шороо, архирах машинууд. Багш маань «Улаанбаатарын цахилгаан станцуудын нүүрсний ихэнх нь эндээс гардаг» гэж тайлбарласан. Тэр өдөр би анх удаа ойлгосон: хотын гэрэл, сургуулийн халаалт, бүр миний өрөөний чийдэн хүртэл таны ажлаас эхэлдэг юм байна гэдгийг.`,
      `Та хэзээ ч гомдоллож байгаагүй. Хүйтэн өвөл ч, хоёр ээлж дараалан ажилласан ч, шинэ гутал биш хуучин гутлаа засуулж өмссөн ч. Харин миний сургалтын төлбөрийг нэг ч удаа хоцроогүй.`,
      `Одоо таны нуруу өвдөж, шатаар өгсөхөд амьсгаадах болсныг би мэднэ. Та «Зүгээр ээ, нас л даа» гэдэг. Гэхдээ зүгээр биш гэдгийг бид хоёулаа мэднэ. Тиймээс энэ зун эмчид хамт очно шүү. Энэ удаа та намайг биш, би таныг дагуулж явна.`,
      `Аав аа, баярлалаа. Ядарсан ч инээмсэглэж байсанд тань, цөөн үгтэй ч бидэнд хамгийн хэрэгтэй үгийг хэлж чаддагт тань, бас намайг юу ч хийж чадна гэж итгэсэнд тань.`,
      `Таны охин Сараа`,
    ),
    tier: "daily",
    state: "featured",
    bank_name: "Khaan Bank",
    bank_account: "5041862397",
    account_name: "Батбаяр Сараа",
    daysAgo: 0,
    image: "night-sky",
    hearts: 2,
    comments: [],
  },

  // ───────────────────────────── pending ─────────────────────────────
  {
    author: "khulan_mom",
    title: "Ээжийн оёдлын машин",
    story: p(
      `Манай гэрийн буланд алтан хээтэй, хар өнгийн хуучин «Подольск» оёдлын машин байдаг байлаа. Ээж маань түүнийг гэрлэхдээ инжид авч ирсэн гэдэг.`,
      `Намайг бага байхад ээж орой бүр биднийг унтсаны дараа машиныхаа ард сууна. Хөлөөрөө дөрөөг нь тогтмол дарж, «тар-тар-тар» гэсэн дуу гэр дүүрэн эгшиглэнэ. Тэр дуу миний хувьд бүүвэйн дуу шиг байсан. Сургуулийн дүрэмт хувцас, Цагаан сарын дээл, хөршийн хүүхдийн хүрэм, хэн нэгний хуримын даашинз — бүгд тэр машинаас гардаг байв.`,
      `Нэг удаа би машиных нь зүүг хугалчихаад нуусан. Ээж мэдсэн ч загнаагүй. Харин намайг өвөр дээрээ суулгаад утсыг хэрхэн сүвлэхийг зааж өгсөн. Тэр өдрөөс хойш би хүүхэлдэйдээ өөрөө хувцас оёдог болсон.`,
      `Өнгөрсөн жил ээжийн нүд муудаж, оёхоо больсон. Солонгос руу буцахын өмнөх орой тэр машинаа заагаад «Үүнийг ав. Чиний охин оёж сурна» гэлээ. Онгоцоор авч явах боломжгүй тул одоохондоо эгч маань хадгалж байгаа.`,
      `Гэхдээ охин маань өнгөрсөн сард миний авч өгсөн цахилгаан машин дээр анх удаа өөрийнхөө банзал оёсон. Тэр дөрөөг нь хөлөөрөө дарахад би гэнэт тэр «тар-тар-тар» дууг дахин сонсох шиг болсон.`,
    ),
    tier: "daily",
    state: "pending",
    payment_reference: "482913",
    bank_name: "Khaan Bank",
    bank_account: "5086613024",
    account_name: "Мөнхбаяр Хулан",
    daysAgo: 0,
    hearts: 0,
    comments: [],
  },
  {
    author: "ganzorig_trails",
    title: "Learning the morin khuur at thirty-two",
    story: p(
      `I grew up hearing the morin khuur everywhere: on TV during Naadam, at weddings, on my grandfather's old cassette tapes. But I never touched one. Music was for talented people, I thought, and I was the kid who failed recorder class.`,
      `Last autumn, after a long season of guiding, I walked past a small music school near the State Department Store and saw a notice: adult beginners welcome. I stood outside for ten minutes before I went in.`,
      `My teacher, Enkhjargal, is twenty-four and has played since she was six. At the first lesson she showed me how to hold the bow, with my fingers under the horsehair to control the tension. The first sound I made was, honestly, like a sheep with a cold. She didn't laugh. She said, "Good. Now it knows you."`,
      `It takes a long time. My fingers hurt for weeks, because you don't press the strings against a fingerboard; you touch them from the side, with your nails and knuckles. I practised in the evenings until my neighbour knocked on the wall. The next day she brought me a plate of khuushuur and said I was getting better. I choose to believe her.`,
      `After five months I can play "Jonon Khar" slowly, and a lullaby my grandmother used to sing. Last week I played it for my mum on a video call. She was quiet for a long time and then asked me to play it again.`,
      `If there is something you have always wanted to learn and you think you're too old, you're not. You'll sound like a sick sheep for a while. That's fine. Everyone does.`,
    ),
    tier: "weekly",
    state: "pending",
    payment_reference: "730564",
    bank_name: "MBank",
    bank_account: "9000418273",
    account_name: "Отгонбаяр Ганзориг",
    daysAgo: 1,
    hearts: 0,
    comments: [],
  },
];

export const pools: SeedPool[] = [
  {
    name: "Завханы малчдад дулаан хувцас, түлш",
    description: p(
      `Энэ өвөл Завхан аймгийн Идэр, Тэлмэн сумдад их цас орж, олон малчин өрх зудад нэрвэгдээд байна. Бид сумын Засаг даргын Тамгын газар, нутгийн сайн дурынхантай хамтран хамгийн их хохирол амссан 60 өрхөд дулаан хувцас, эсгий гутал, нүүрс, малын тэжээл хүргэхээр зорьж байна.`,
      `Цугласан хандиваар худалдаж авсан зүйл бүрийн баримт, хүргэлтийн зургийг энэ хуудсанд тогтмол нийтэлнэ. Та бага ч гэсэн хувь нэмэр оруулж, малчин айлуудад хатуу өвлийг давахад нь туслаарай.`,
    ),
    goal_amount: 5_000_000,
    status: "active",
    daysAgo: 18,
    photos: ["winter-aid", "winter-camp"],
    bank_name: "Khaan Bank",
    bank_account: "5039184726",
    account_name: "Сэтгэлийн Гүүр ТББ",
    donations: [
      {
        donor_name: "Болормаа",
        phone_number: "99184406",
        amount: 50_000,
        transaction_reference: "KB2048119307",
        message: "Малчин ах эгч нартаа тэсвэр тэвчээр хүсье. Хаврыг сайхан угтаарай!",
        status: "verified",
        daysAgo: 17,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Тэмүүжин",
        phone_number: "88052317",
        amount: 100_000,
        transaction_reference: "KB2048220871",
        message: "Идэр сумынхандаа 🙏",
        status: "verified",
        daysAgo: 16,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Оюунчимэг",
        phone_number: "95647102",
        amount: 20_000,
        transaction_reference: "GL77310452",
        status: "verified",
        daysAgo: 15,
        display_in_leaderboard: false,
      },
      {
        donor_name: "Ганбат",
        phone_number: "80219934",
        amount: 300_000,
        transaction_reference: "TDB-4471093",
        message: "Манай компанийн хамт олноос. Хамтдаа давна!",
        status: "verified",
        daysAgo: 13,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Энхжаргал",
        phone_number: "94305561",
        amount: 10_000,
        transaction_reference: "KB2049007716",
        message: "Бага ч гэсэн сэтгэлээсээ",
        status: "verified",
        daysAgo: 11,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Мөнхбат",
        phone_number: "99873320",
        amount: 500_000,
        transaction_reference: "XB9930218",
        status: "verified",
        daysAgo: 9,
        display_in_leaderboard: false,
      },
      {
        donor_name: "Нарантуяа",
        phone_number: "86401759",
        amount: 5_000,
        transaction_reference: "12345",
        status: "rejected",
        daysAgo: 6,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Бат-Эрдэнэ",
        phone_number: "99260415",
        amount: 70_000,
        transaction_reference: "GL77498823",
        message: "Нутгийнхандаа. Дулаахан өвөлжөөрэй.",
        status: "verified",
        daysAgo: 4,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Сарангэрэл",
        phone_number: "86114479",
        amount: 30_000,
        transaction_reference: "KB2051133590",
        payment_code: "X240117",
        message: "Хүүхдүүдэд нь дулаан гутал авч өгөөрэй",
        status: "pending",
        daysAgo: 1,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Батзориг",
        phone_number: "91662208",
        amount: 50_000,
        transaction_reference: "MB6620831",
        payment_code: "X240125",
        status: "pending",
        daysAgo: 0,
        display_in_leaderboard: true,
      },
    ],
  },
  {
    name: "Сумын сургуульд номын булан байгуулъя",
    description: p(
      `Дорнод аймгийн алслагдсан нэгэн сумын ерөнхий боловсролын сургуульд 300 гаруй хүүхэд суралцдаг ч номын сан нь хуучин сурах бичгээс өөр номгүй. Бид хүүхдийн уран зохиол, шинжлэх ухааны зурагт ном, англи хэлний анхан шатны ном худалдаж авч, тавиур, хивс, дэр бүхий тухтай уншлагын булан байгуулахаар зорьсон.`,
      `Та бүхний дэмжлэгээр зорилгодоо хүрч, 600 гаруй шинэ ном сургуульд хүрлээ. Хүүхдүүдийн зурсан талархлын зургуудыг удахгүй энд нийтэлнэ. Баярлалаа!`,
    ),
    goal_amount: 2_500_000,
    status: "completed",
    daysAgo: 55,
    photos: ["library-shelf", "soum-school"],
    bank_name: "TDB",
    bank_account: "4390271658",
    account_name: "Лхагвасүрэн Оюунаа",
    donations: [
      {
        donor_name: "Цэцэгмаа",
        phone_number: "99015582",
        amount: 500_000,
        transaction_reference: "TDB-3810274",
        message: "Хүүхдүүд маань ном уншиж том хүн болоорой!",
        status: "verified",
        daysAgo: 54,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Ариунболд",
        phone_number: "88316640",
        amount: 300_000,
        transaction_reference: "KB1987403312",
        status: "verified",
        daysAgo: 52,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Уянга",
        phone_number: "95520391",
        amount: 200_000,
        transaction_reference: "GL76104958",
        message: "Би ч бас сумын сургууль төгссөн. Амжилт!",
        status: "verified",
        daysAgo: 50,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Дөлгөөн",
        phone_number: "94117823",
        amount: 150_000,
        transaction_reference: "XB9810447",
        status: "verified",
        daysAgo: 47,
        display_in_leaderboard: false,
      },
      {
        donor_name: "Анхбаяр",
        phone_number: "80643318",
        amount: 400_000,
        transaction_reference: "KB1990215578",
        message: "Манай гэр бүлээс. Book lovers forever 📚",
        status: "verified",
        daysAgo: 44,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Золзаяа",
        phone_number: "99427106",
        amount: 250_000,
        transaction_reference: "MB6103376",
        status: "verified",
        daysAgo: 41,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Хонгорзул",
        phone_number: "86238841",
        amount: 100_000,
        transaction_reference: "KB1994470063",
        message: "Оюунаа багшдаа баярлалаа!",
        status: "verified",
        daysAgo: 38,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Мягмарсүрэн",
        phone_number: "91805527",
        amount: 50_000,
        transaction_reference: "GL76288014",
        status: "verified",
        daysAgo: 36,
        display_in_leaderboard: false,
        is_hidden: true,
      },
      {
        donor_name: "Энх-Амгалан",
        phone_number: "88740269",
        amount: 600_000,
        transaction_reference: "TDB-3852109",
        message: "Монгол хүүхэд бүр номтой өсөх ёстой.",
        status: "verified",
        daysAgo: 33,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Гэрэлмаа",
        phone_number: "95901364",
        amount: 30_000,
        transaction_reference: "KB2003318845",
        payment_code: "X240133",
        message: "Хожуу ч гэсэн бага зэрэг нэмье",
        status: "pending",
        daysAgo: 3,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Түвшинбаяр",
        phone_number: "99631720",
        amount: 20_000,
        transaction_reference: "XB9927716",
        payment_code: "X240141",
        status: "pending",
        daysAgo: 2,
        display_in_leaderboard: true,
      },
    ],
  },
  {
    name: "Бяцхан Мишээлийн зүрхний мэс засал",
    description: p(
      `Дөрвөн настай Мишээл төрөлхийн зүрхний гажигтай төрсөн. Сүүлийн үед амархан ядарч, уруул нь хөхрөх болсон тул эмч нар ойрын саруудад нээлттэй зүрхний мэс засал хийхийг зөвлөжээ. Мэс засал, эмчилгээ, нөхөн сэргээх хугацааны зардал гэр бүлийнх нь боломжоос хэд дахин их байна.`,
      `Мишээл зурах, дуулах дуртай, ирэх жил цэцэрлэгт орохыг их хүсэж байгаа. Цугласан мөнгийг эмнэлгийн нэхэмжлэлийн дагуу шууд төлж, баримтыг нь энд нийтэлнэ. Таны хандив бүр түүнийг эрүүл зүрхтэй өсөхөд тусална.`,
    ),
    goal_amount: 12_000_000,
    status: "active",
    daysAgo: 9,
    photos: ["heart-hospital"],
    bank_name: "Golomt Bank",
    bank_account: "1172604938",
    account_name: "Цэрэндулам Ариунаа",
    donations: [
      {
        donor_name: "Хулан",
        phone_number: "99340812",
        amount: 200_000,
        transaction_reference: "GL78002134",
        message: "Мишээл минь хурдан эдгэрээрэй ❤️",
        status: "verified",
        daysAgo: 8,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Отгонбаяр",
        phone_number: "88915073",
        amount: 1_000_000,
        transaction_reference: "KB2050116624",
        message: "Хамт олноороо нийлж илгээв. Хүч тэнхээ!",
        status: "verified",
        daysAgo: 8,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Саруул",
        phone_number: "95172684",
        amount: 50_000,
        transaction_reference: "XB9955180",
        status: "verified",
        daysAgo: 7,
        display_in_leaderboard: false,
      },
      {
        donor_name: "Алтанцэцэг",
        phone_number: "94058217",
        amount: 100_000,
        transaction_reference: "TDB-4490385",
        message: "Миний ач охин ч бас ийм мэс засал хийлгэсэн. Бүх юм сайхан болно.",
        status: "verified",
        daysAgo: 6,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Төгөлдөр",
        phone_number: "80471936",
        amount: 500_000,
        transaction_reference: "KB2050877402",
        status: "verified",
        daysAgo: 5,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Номин-Эрдэнэ",
        phone_number: "99728450",
        amount: 30_000,
        transaction_reference: "MB6710294",
        message: "Get well soon, little one!",
        status: "verified",
        daysAgo: 4,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Эрдэнэчимэг",
        phone_number: "86530197",
        amount: 300_000,
        transaction_reference: "GL78104467",
        status: "verified",
        daysAgo: 3,
        display_in_leaderboard: false,
      },
      {
        donor_name: "Баяраа",
        phone_number: "91247705",
        amount: 150_000,
        transaction_reference: "KB2051340918",
        message: "Бурхан өршөөг. Эрүүл саруул өсөөрэй.",
        status: "verified",
        daysAgo: 2,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Пүрэвсүрэн",
        phone_number: "88106354",
        amount: 80_000,
        transaction_reference: "XB9961023",
        payment_code: "X240158",
        message: "Ээж аавд нь тэнхээ хүсье",
        status: "pending",
        daysAgo: 1,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Мөнх-Эрдэнэ",
        phone_number: "99580241",
        amount: 20_000,
        transaction_reference: "KB2051592277",
        payment_code: "X240166",
        status: "pending",
        daysAgo: 0,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Ундрах",
        phone_number: "95386619",
        amount: 40_000,
        transaction_reference: "GL78170052",
        payment_code: "X240174",
        status: "pending",
        daysAgo: 0,
        display_in_leaderboard: false,
      },
    ],
  },
  {
    name: "Туул голын эргийг цэвэрлэж, мод тарья",
    description: p(
      `Улаанбаатарын зүрх болсон Туул гол жил ирэх тусам хог хаягдал, эргийн элэгдэлд нэрвэгдсээр байна. Энэ хавар бид сайн дурын 200 гаруй залуустай хамтран Сонгинохайрхан дүүргийн хэсэгт голын эргийг цэвэрлэж, 1500 ширхэг бургас, улиас тарихаар төлөвлөж байна.`,
      `Хандиваар суулгац, хашаа, услалтын хоолой, хогийн уут, бээлий худалдаж авна. Тарьсан мод бүрийг гурван жил арчилна. Хандив өгөхөөс гадна сайн дурын ажилд өөрөө ирж оролцох боломжтой!`,
    ),
    goal_amount: 3_000_000,
    status: "active",
    daysAgo: 12,
    photos: ["river-trees", "bogd-khan"],
    bank_name: "Xac Bank",
    bank_account: "5008326417",
    account_name: "Ногоон Туул ТББ",
    donations: [
      {
        donor_name: "Ганзориг",
        phone_number: "99075238",
        amount: 100_000,
        transaction_reference: "XB9940372",
        message: "Бямба гаригт хүрзтэйгээ очно шүү 💪",
        status: "verified",
        daysAgo: 11,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Мөнхзаяа",
        phone_number: "88429106",
        amount: 20_000,
        transaction_reference: "KB2049612280",
        message: "Ногоон Улаанбаатарын төлөө 🌱",
        status: "verified",
        daysAgo: 10,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Батбаяр",
        phone_number: "95063871",
        amount: 250_000,
        transaction_reference: "GL77912045",
        status: "verified",
        daysAgo: 8,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Цогзолмаа",
        phone_number: "94672013",
        amount: 15_000,
        transaction_reference: "MB6588140",
        status: "verified",
        daysAgo: 7,
        display_in_leaderboard: false,
      },
      {
        donor_name: "Эрдэнэбат",
        phone_number: "80358824",
        amount: 500_000,
        transaction_reference: "TDB-4468217",
        message: "Хүүхдүүддээ цэвэр гол үлдээе.",
        status: "verified",
        daysAgo: 5,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Солонго",
        phone_number: "99814763",
        amount: 35_000,
        transaction_reference: "KB2050983311",
        message: "Keep it green, Ulaanbaatar!",
        status: "verified",
        daysAgo: 3,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Хишигт",
        phone_number: "86927450",
        amount: 10_000,
        transaction_reference: "XB9958806",
        payment_code: "X240182",
        status: "pending",
        daysAgo: 1,
        display_in_leaderboard: true,
      },
      {
        donor_name: "Энхмаа",
        phone_number: "91338027",
        amount: 60_000,
        transaction_reference: "GL78166390",
        payment_code: "X240190",
        message: "Ажил дээрээ цуглуулсан мөнгө",
        status: "pending",
        daysAgo: 0,
        display_in_leaderboard: true,
      },
    ],
  },
];

export const faq: SeedFaq[] = [
  {
    key: "q1",
    mn: {
      question: "Түүхээ хэрхэн нийтлэх вэ?",
      answer:
        "Нэвтэрсний дараа цэсний «Түүх нийтлэх» товчийг дарж, гарчиг болон түүхээ бичээрэй. Хүсвэл зураг хавсаргаж болно. Үнэгүй багц сонговол түүх тань шууд нийтлэгдэнэ. Онцлох багц сонговол төлбөр тань баталгаажсаны дараа манай баг түүхийг батлан онцлох хэсэгт гаргана.",
    },
    en: {
      question: "How do I post a story?",
      answer:
        "Log in, click “Post a story” in the menu and write your title and story. You can add a picture if you like. With the free plan your story is published at once. With a featured plan, our team approves it and features it once your payment is verified.",
    },
  },
  {
    key: "q2",
    mn: {
      question: "Онцлох (премиум) багц гэж юу вэ, хэр удаан үргэлжлэх вэ?",
      answer:
        "Онцлох багц сонговол таны түүх нүүр хуудасны онцлох хэсэгт гарч, илүү олон уншигчид хүрнэ. Өдрийн, долоо хоногийн, сарын гэсэн багц байх ба үнэ болон хоногийн тоо нь «Түүх нийтлэх» хуудсан дээр харагдана; хугацаа нь түүхийг баталсан өдрөөс эхэлнэ. Хугацаа дууссаны дараа түүх тань сайт дээр энгийн түүх болон үлдэнэ.",
    },
    en: {
      question: "What are featured (premium) plans and how long do they last?",
      answer:
        "With a featured plan your story appears in the featured section of the home page, so more readers find it. There are daily, weekly and monthly plans; the current price and number of days are shown on the “Post a story” page, and the period starts on the day your story is approved. When it ends, your story stays on the site as a regular story.",
    },
  },
  {
    key: "q3",
    mn: {
      question: "Банкны шилжүүлгээр хэрхэн төлөх вэ, төлбөрийн код юунд хэрэгтэй вэ?",
      answer:
        "Онцлох түүх илгээсний дараа танд манай дансны мэдээлэл болон таны түүхэд зориулсан 6 оронтой төлбөрийн код харагдана. Шилжүүлэг хийхдээ тэр кодыг шилжүүлгийн «гүйлгээний утга» хэсэгт яг хуулж бичээрэй — ингэснээр бид таны төлбөрийг хурдан олж, түүхтэй тань холбоно.",
    },
    en: {
      question: "How do I pay by bank transfer, and what is the payment reference for?",
      answer:
        "After you submit a featured story, you'll see our bank account details and a payment reference for your story. Copy that reference exactly into the transfer description — it lets us find your payment quickly and match it to your story.",
    },
  },
  {
    key: "q4",
    mn: {
      question: "Хянан шалгахад хэр хугацаа шаардагдах вэ?",
      answer:
        "Үнэгүй түүх шууд нийтлэгдэнэ. Онцлох түүхийг бид аль болох хурдан хянадаг бөгөөд ихэвчлэн төлбөр баталгаажсанаас хойш 24–48 цагийн дотор батлагдаж, онцлох хэсэгт гарна.",
    },
    en: {
      question: "How long does the review take?",
      answer:
        "Free stories are published at once. We review featured stories as quickly as we can; they are usually approved and featured within 24–48 hours after the payment is verified.",
    },
  },
  {
    key: "q5",
    mn: {
      question: "Хандивын аянд хэрхэн хандив өгөх вэ, хэзээ баталгаажих вэ?",
      answer:
        "Хандивын маягт танд X-ээр эхэлсэн төлбөрийн код өгнө. Аяны дансанд банкаар шилжүүлэг хийхдээ тэр кодыг шилжүүлгийн «гүйлгээний утга» хэсэгт бичээд, нэр, утас, шилжүүлгийн лавлагаагаа маягтад бөглөнө үү. Манай баг банкны хуулгатай тулгаж шалгасны дараа хандив тань баталгаажиж, аяны цугласан дүнд нэмэгдэнэ.",
    },
    en: {
      question: "How do donations to campaigns work, and when are they verified?",
      answer:
        "The donation form gives you a payment code starting with X. Transfer your donation to the campaign's account with that code in the transfer description, then fill in the form with your name, phone number and transaction reference. Once our team has checked it against the bank statement, your donation is verified and added to the campaign's total.",
    },
  },
  {
    key: "q6",
    mn: {
      question: "Илгээсэн түүхээ засаж болох уу?",
      answer:
        "Үгүй, илгээсэн түүхийг засварлах боломжгүй. Тиймээс илгээхээсээ өмнө бичвэрээ дахин нэг уншаарай.",
    },
    en: {
      question: "Can I edit my story after submitting it?",
      answer:
        "No — once a story has been submitted and approved, it can't be edited. Please read it through once more before you send it.",
    },
  },
];
