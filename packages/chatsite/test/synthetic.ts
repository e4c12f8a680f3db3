import { load } from "cheerio";
import { recordedHtml } from "./corpus.ts";

/**
 * Pages the recordings cannot show, built from recorded ones for the HTTP tests and served through replay faults
 * (never written to the corpus). Each says what it stands for; each is marked `_synthetic` in its comment's sense: a
 * test double of Telegram's answer, not a recording.
 */

/**
 * SYNTHETIC: `s-durov-first-page` as it read before its `newest` newest posts were published (those message wraps
 * removed), for a monitor's first run: the next read of the recorded page then has exactly those posts as new.
 */
export function durovPageWithoutNewest(newest: number): string {
  const $ = load(recordedHtml("s-durov-first-page"));
  const wraps = $(".tgme_channel_history .tgme_widget_message_wrap").toArray();
  for (const wrap of wraps.slice(wraps.length - newest)) $(wrap).remove();
  return $.html();
}

/**
 * SYNTHETIC: a search of `s/durov` without hits, built from `search-durov-bitcoin`: its term replaced and its hits
 * replaced by the "No posts found" notice the chatsite README describes (a `tme_no_messages_found` inside a message
 * wrap without `data-post`); no such page was recorded.
 */
export function durovSearchWithoutHits(term: string): string {
  const $ = load(recordedHtml("search-durov-bitcoin"));
  $('form.tgme_header_search_form input[name="q"]').attr("value", term);
  const history = $(".tgme_channel_history");
  history.empty();
  history.append(
    '<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tme_no_messages_found">No posts found</div></div>',
  );
  return $.html();
}
