import type { LegalSlug } from "#db/schema";

/**
 * The first text of the privacy policy, the terms of use and the cookie policy, in both
 * languages. Administrators edit them at /admin/pages; the seed only fills a page that is missing.
 * Format: paragraphs separated by a blank line, `## ` headings, `- ` list items.
 */
export const legalPages: Record<LegalSlug, Record<"mn" | "en", { title: string; body: string }>> = {
  privacy: {
    mn: {
      title: "Нууцлалын бодлого",
      body: `StoryShare таны өгсөн мэдээллийг зөвхөн сайтыг ажиллуулах, хандивыг шалгах зорилгоор ашиглана. Бид мэдээллийг тань худалддаггүй, зар сурталчилгаанд ашигладаггүй.

## Бид юу цуглуулдаг вэ?
- Бүртгэл: хэрэглэгчийн нэр, нууц үг, сонголтоор имэйл хаяг. Нууц үгийг зөвхөн эргүүлэн тайлах боломжгүй хэлбэрээр (scrypt) хадгална.
- Түүх ба сэтгэгдэл: таны бичсэн текст, оруулсан зураг, зүрх өгсөн түүхүүд.
- Онцлох түүхийн төлбөр: банкны нэр, дансны дугаар, данс эзэмшигчийн нэр, төлбөрийн код. Төлбөртэй багцын түүхийн банкны мэдээлэл уншигчдад харагдана: таныг дэмжих хүмүүс тэр дансанд шилжүүлнэ.
- Хандив: таны нэр, утасны дугаар, сонголтоор имэйл хаяг, дүн, шилжүүлгийн лавлагаа, сонголтоор мессеж. Сайтад өгөх хандивт мөнгө гарсан банк, сонголтоор дансны дугаар.
- Техникийн мэдээлэл: хүсэлтийн IP хаяг (хэт олон оролдлогыг хязгаарлах, халдлагаас хамгаалахад), сайтын ажиллагааны бүртгэл.

## Яагаад?
- Таныг нэвтрүүлж, таны түүх, сэтгэгдлийг нийтлэхийн тулд.
- Бүртгэлдээ имэйл хаяг нэмж баталгаажуулсан бол таны түүхэд юу болсныг имэйлээр мэдэгдэхийн тулд; аль мэдэгдлийг авахаа профайлаасаа сонгоно, захидал бүрээс нэг товшилтоор татгалзана.
- Шилжүүлгийг банкны хуулгатай тулгаж, хандивыг баталгаажуулахын тулд. Утасны дугаараар тань шаардлагатай үед холбогдоно; түүнийг хэзээ ч нийтэд харуулахгүй.
- Хандив тань бүртгэгдэх, баталгаажих эсвэл татгалзагдах үед утсанд тань SMS, имэйлээ үлдээсэн бол имэйлээр мэдэгдэхийн тулд. Илгээсэн мэдэгдлийг бид хадгална.
- Хандивлагчдын жагсаалтад зөвхөн харуулахыг зөвшөөрсөн хүний нэр, нийт дүн харагдана.

## Хэр удаан хадгалдаг вэ?
- Нэвтрэлт 30 хоног хүчинтэй; гарахад шууд устана.
- Бүртгэл, түүх, сэтгэгдэл таныг устгуулах хүртэл хадгалагдана.
- Хандив, төлбөрийн бүртгэл мөнгөний баримт тул хадгалагдана; устгуулах хүсэлтэд таны нэр, утасны дугаар, имэйл хаягийг арилгаж болно.
- Таны хандивын маягтад зориулан түр хадгалсан төлбөрийн код 7 хоногийн дараа устана.

## Мэдээллээ хэрхэн устгуулах вэ?
Сайтын доод хэсэгт буй имэйл эсвэл утсаар бидэнтэй холбогдож, хэрэглэгчийн нэр эсвэл хандивын төлөвийн холбоосоо хэлээрэй. Бид 14 хоногийн дотор таны мэдээллийг устгах буюу нэргүй болгож, хариу мэдэгдэнэ.`,
    },
    en: {
      title: "Privacy policy",
      body: `StoryShare uses what you give it only to run the site and to check donations. We never sell your data or use it for advertising.

## What we collect
- Account: your username, your password and, if you add one, your e-mail address. The password is stored only as a one-way hash (scrypt).
- Stories and comments: what you write, the pictures you upload, the stories you heart.
- Payments for featured stories: bank name, account number, account holder's name and the payment code. A paid story's bank details are shown to readers: that is where supporters send money.
- Donations: your name, phone number, an optional e-mail address, amount, transaction reference and an optional message; for a donation to the site, the bank the money came from and optionally your account number.
- Technical data: the IP address of requests (to limit repeated attempts and stop abuse) and the site's operational logs.

## Why
- To sign you in and publish your stories and comments.
- If you add and confirm an e-mail address, to tell you what happens to your stories; you choose which mail you get on your profile, and every mail can be stopped in one click.
- To match transfers against the bank statement and verify donations. We may call your phone number if needed; it is never shown publicly.
- To tell you when your donation is recorded, verified or rejected: by SMS, and by e-mail if you left an address. We keep the notifications we send.
- The donors' leaderboard shows only the name and total of donors who chose to be shown.

## How long we keep it
- A sign-in lasts 30 days and ends at once when you log out.
- Your account, stories and comments are kept until you ask us to remove them.
- Donation and payment records are money records and are kept; on request we remove your name, phone number and e-mail address from them.
- A payment code held for your donation form is removed after 7 days.

## How to have it removed
Contact us by the e-mail or phone number at the foot of every page with your username or your donation's status link. Within 14 days we remove or anonymise your data and tell you so.`,
    },
  },
  terms: {
    mn: {
      title: "Үйлчилгээний нөхцөл",
      body: `StoryShare сайтыг ашигласнаар та доорх нөхцөлийг хүлээн зөвшөөрнө.

## Түүх нийтлэх
- Та өөрийн бичсэн, нийтлэх эрхтэй зүйлээ л нийтэлнэ. Бусдыг доромжилсон, үзэн ядалт, хууль бус агуулгатай түүх, сэтгэгдлийг админ устгана.
- Үнэгүй түүх шууд нийтлэгдэнэ (админ тохиргоогоор хянуулахаар болгож болно). Төлбөртэй багцын түүхийг төлбөр нь баталгаажсаны дараа админ батална.

## Онцлох байрны төлбөр
- Багцын үнэ, онцлох хоногийг «Үнэ ба түгээмэл асуулт» хуудаснаас харна. Онцлох хугацаа түүх батлагдсан өдрөөс эхэлнэ.
- Төлбөрийг банкаар шилжүүлж, гүйлгээний утга хэсэгт төлбөрийн кодоо бичнэ. Админ банкны хуулгаас шалгаж баталгаажуулна.
- Түүхээс татгалзвал бид шалтгааныг тань профайлд бичнэ. Төлсөн мөнгийг 3 ажлын өдрийн дотор таны дансанд буцаана; харин түүхээ засаж дахин илгээвэл төлбөр хэвээр хадгалагдана.

## Хандив
- Хандивыг аяны дансанд банкаар шилжүүлж, гүйлгээний утга хэсэгт төлбөрийн кодоо бичнэ. Админ банкны хуулгатай тулгаж баталгаажуулсны дараа аяны цугларсан дүнд нэмэгдэнэ.
- Хандив аяны хуудсанд заасан дансанд шууд очно: аяны өөрийн данс, эсвэл аян өөрийн дансгүй бол StoryShare сайтын данс. Сайтын дансанд орсон хандивыг бид тухайн аяны зорилгод л зарцуулж, зарцуулалтыг аяны мэдээнд нийтэлнэ. Шилжүүлгийн алдаа, буцаалтыг тухайн банктай шийднэ.
- Буруу эсвэл олдоогүй шилжүүлгийн хандиваас админ татгалзаж болно.

## Бусад
- Бид үйлчилгээг сайжруулахын тулд эдгээр нөхцөлийг өөрчилж болно; өөрчлөлт энэ хуудсанд нийтлэгдэх өдрөөс хүчинтэй.
- Асуулт байвал хуудасны доод хэсэгт буй хаягаар холбогдоно уу.`,
    },
    en: {
      title: "Terms of use",
      body: `By using StoryShare you accept the terms below.

## Posting stories
- Post only what you wrote or have the right to publish. Administrators remove stories and comments that insult others, spread hatred or break the law.
- Free stories are published at once (an administrator may switch on review). Stories on a paid plan are approved once the payment is verified.

## Paid placement
- Plan prices and featured days are on the Pricing and FAQ page. The featured period starts on the day the story is approved.
- Pay by bank transfer with your payment code in the transfer description. An administrator verifies it on the bank statement.
- If a story is rejected, the reason is shown in your profile. A verified payment is returned to your account within 3 working days; if you edit the story and send it again, the payment is kept for it.

## Donations
- Donations are bank transfers to the campaign's account, with the payment code in the transfer description. Once an administrator matches them against the bank statement, they are added to the campaign's total.
- The money goes straight to the account shown on the campaign's page: the campaign's own account or, for a campaign without one, StoryShare's account. Money that reaches StoryShare's account for a campaign is spent on that campaign alone, and the spending is shown in its updates. Transfer mistakes and reversals are settled with your bank.
- An administrator may reject a pledge whose transfer is wrong or cannot be found.

## Other
- We may change these terms to improve the service; changes apply from the day they are published on this page.
- Questions: contact us at the address at the foot of every page.`,
    },
  },
  cookies: {
    mn: {
      title: "Күүкийн бодлого",
      body: `Күүки бол хөтөч таны төхөөрөмжид хадгалдаг жижиг файл. StoryShare зөвхөн сайт ажиллахад шаардлагатай күүки ашиглана; зар сурталчилгааны, хянах (tracking) эсвэл гуравдагч талын күүки байхгүй.

## Бидний ашигладаг күүки
- storyshare_session: нэвтэрсэн эсэхийг тань санана. 30 хоног, эсвэл гарах хүртэл.
- storyshare_device: энэ төхөөрөмжөөс амжилттай нэвтэрснийг санаж, бусдын нууц үг таах оролдлогоос тань хамгаална. 1 жил.
- lng: сонгосон хэл (монгол эсвэл англи). 1 жил.
- storyshare-theme: сонгосон өнгөний горим (цайвар, бараан эсвэл системийн). 1 жил.
- storyshare-light: дата хэмнэх горимыг асаасан эсвэл унтраасан сонголт тань. 1 жил.
- storyshare_toast: «Амжилттай хадгаллаа» гэх мэт нэг удаагийн мэдэгдлийг дараагийн хуудсанд дамжуулна. Нэг удаа уншаад устана.
- storyshare_fresh: таныг өөрчлөлт хийсний дараа хуудсыг хуучин хадгалсан хувилбараас биш шинээр харуулна. 1 минут.
- storyshare_donor: хандивын маягтад харуулсан төлбөрийн кодыг хуудас дахин ачаалахад өөрчлөгдөхгүй байлгана. 7 хоног.

## Сонголт
Эдгээр күүки сайт ажиллахад зайлшгүй тул тусгай зөвшөөрөл асуудаггүй. Хөтчийнхөө тохиргооноос устгаж болно; тэгвэл та дахин нэвтэрч, хэл, өнгөний горимоо дахин сонгоно.`,
    },
    en: {
      title: "Cookie policy",
      body: `A cookie is a small file your browser keeps on your device. StoryShare uses only the cookies the site needs to work: no advertising, tracking or third-party cookies.

## The cookies we use
- storyshare_session: remembers that you are signed in. 30 days, or until you log out.
- storyshare_device: remembers that this device signed in successfully, which protects your account from others guessing its password. 1 year.
- lng: the language you chose (Mongolian or English). 1 year.
- storyshare-theme: the theme you chose (light, dark or system). 1 year.
- storyshare-light: whether you turned the data saver on or off. 1 year.
- storyshare_toast: carries a one-time message such as "Saved" to the next page. Removed once read.
- storyshare_fresh: after you change something, shows you fresh pages instead of cached copies. 1 minute.
- storyshare_donor: keeps the payment code shown on a donation form the same when the page is reloaded. 7 days.

## Your choice
These cookies are strictly necessary, so we do not ask for consent. You can delete them in your browser's settings; you will then sign in again and choose your language and theme again.`,
    },
  },
};
