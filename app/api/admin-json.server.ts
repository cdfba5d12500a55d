import type { AuthorNamer } from "~/lib/author.server";
import type { AdminStory } from "~/models/admin-stories.server";

/** A story as /api shows it to administrators: the public fields plus review and payment state. */
export function adminStoryJson(s: AdminStory, name: AuthorNamer = (a) => a) {
  return {
    id: s.id,
    title: s.title,
    story_preview: s.preview,
    story_image: s.image_url,
    author: name(s.author),
    user_id: s.user_id,
    submitted_at: s.submitted_at,
    pricing_tier: s.pricing_tier,
    is_premium: s.is_premium,
    is_approved: s.is_approved,
    status: s.status,
    payment_status: s.payment_status,
    payment_reference: s.payment_reference,
    price: s.price,
    bank_name: s.bank_name,
    bank_account: s.bank_account,
    account_name: s.account_name,
    approved_at: s.approved_at,
    expires_at: s.expires_at,
    held_word: s.held_word,
  };
}
