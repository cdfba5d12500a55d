import type { ParsedMail } from "mailparser";
import { config } from "~/config.server";
import { startTestSmtp, type TestSmtp } from "./smtp-server";

/**
 * For unit tests of what the site mails: the real test SMTP server, and the app's config pointed
 * at it, with the sender and the absolute links a deployed site has.
 */
export async function withTestMail(mails: ParsedMail[] = []): Promise<TestSmtp> {
  const smtp = await startTestSmtp(mails);
  Object.assign(config, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "StoryShare <no-reply@storyshare.test>",
    SITE_URL: "https://storyshare.test",
  });
  return smtp;
}
