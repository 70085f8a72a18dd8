/**
 * Crawler profiles: which product tokens a real crawler answers to, in order,
 * and whether it ignores the `*` group (docs/behaviour.md §5). A profile is data only; the
 * matcher (`evaluateProfile`) does the rest.
 *
 * Every fact here comes from the page named in `source`. Where the
 * operator's page does not say something outright, or where we could not
 * re-read the page's exact entry when writing this, the comment on the
 * profile says so. Tokens must be valid product tokens (only A-Z a-z - _),
 * as `isValidUserAgentToObey` checks; the tests enforce that.
 */
import { editDistance } from './aipref/distance';
import type { CrawlerProfile } from './types';

/**
 * What a crawler's fetches are for, as its operator describes it:
 * - `search-index`: a search engine's index;
 * - `ai-training`: collecting content to train AI models;
 * - `ai-answers`: an AI product's search index or answers (grounding, citations);
 * - `user-fetch`: a page fetched because a user asked for it;
 * - `control-token`: a robots.txt token with no fetcher of its own, read by
 *   another crawler's operator to decide a use (Google-Extended);
 * - `ads`: ad quality and targeting;
 * - `other`: anything else (notifications, research crawls).
 */
export type CrawlerCategory =
  | 'search-index'
  | 'ai-training'
  | 'ai-answers'
  | 'user-fetch'
  | 'control-token'
  | 'ads'
  | 'other';

/** Every category, in the order the crawler picker groups them. */
export const CRAWLER_CATEGORIES: readonly CrawlerCategory[] = [
  'search-index',
  'ai-training',
  'ai-answers',
  'user-fetch',
  'control-token',
  'ads',
  'other',
];

/**
 * Whether the operator says the crawler obeys robots.txt: `yes`; `partly`
 * (the operator says user-initiated fetches may not be governed by it, or
 * that the crawler obeys only groups naming it and ignores `*`); `no` (the
 * operator says it generally does not); `unstated` (no operator page says,
 * or there is no operator page).
 */
type HonoursRobots = 'yes' | 'partly' | 'no' | 'unstated';

/** A crawler profile with the catalogue's facts about who runs it and why. */
export interface CatalogueProfile extends CrawlerProfile {
  category: CrawlerCategory;
  honoursRobots: HonoursRobots;
  /** For a control token: the id of the profile whose fetches it governs. */
  controls?: string;
  /**
   * The date (YYYY-MM-DD) the operator's own page (`source`) was last read to
   * confirm this entry, or "unchecked" when no first-party page could be read
   * and the entry rests on secondary sources.
   */
  checked: string;
  /** What the check could not confirm, in a few words (shown with the date). */
  caveat?: string;
}

const GOOGLE_COMMON = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';
const GOOGLE_SPECIAL = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers';
const GOOGLE_USER_TRIGGERED =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';

/** The built-in crawler profiles, Google's first, then other search engines, then AI crawlers. */
export const CRAWLER_PROFILES: CatalogueProfile[] = [
  // ---- Google: common crawlers (always obey robots.txt, fall back to `*`).
  {
    id: 'googlebot',
    name: 'Googlebot',
    operator: 'Google',
    tokens: ['Googlebot'],
    ignoresGlobal: false,
    purpose: 'Google Search crawling (smartphone and desktop)',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: GOOGLE_COMMON,
  },
  {
    // Google lists two tokens, "Googlebot-Image, Googlebot": with no
    // googlebot-image group the crawler obeys the googlebot group (docs/behaviour.md §5).
    id: 'googlebot-image',
    name: 'Googlebot-Image',
    operator: 'Google',
    tokens: ['Googlebot-Image', 'Googlebot'],
    ignoresGlobal: false,
    purpose: 'Images for Google Images and image features of Search',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    caveat: 'the second token (the fallback when no group names the first) was not in the text we could re-read',
    source: GOOGLE_COMMON,
  },
  {
    // Googlebot-News crawls with Googlebot's HTTP user agent strings; its
    // robots.txt tokens are "Googlebot-News, Googlebot".
    id: 'googlebot-news',
    name: 'Googlebot-News',
    operator: 'Google',
    tokens: ['Googlebot-News', 'Googlebot'],
    ignoresGlobal: false,
    purpose: 'Google News',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    caveat: 'the second token (the fallback when no group names the first) was not in the text we could re-read',
    source: GOOGLE_COMMON,
  },
  {
    id: 'googlebot-video',
    name: 'Googlebot-Video',
    operator: 'Google',
    tokens: ['Googlebot-Video', 'Googlebot'],
    ignoresGlobal: false,
    purpose: 'Videos for video features of Google Search',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    caveat: 'the second token (the fallback when no group names the first) was not in the text we could re-read',
    source: GOOGLE_COMMON,
  },
  {
    id: 'storebot-google',
    name: 'Storebot-Google',
    operator: 'Google',
    tokens: ['Storebot-Google'],
    ignoresGlobal: false,
    purpose: 'Google Shopping',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: GOOGLE_COMMON,
  },
  {
    // Google lists it among its common crawlers (which obey robots.txt); it
    // fetches when a Search Console or Rich Results Test user asks.
    id: 'google-inspectiontool',
    name: 'Google-InspectionTool',
    operator: 'Google',
    tokens: ['Google-InspectionTool', 'Googlebot'],
    ignoresGlobal: false,
    purpose: 'Search Console URL Inspection and the Rich Results Test',
    category: 'user-fetch',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    caveat: 'the second token (the fallback when no group names the first) was not in the text we could re-read',
    source: GOOGLE_COMMON,
  },
  {
    id: 'googleother',
    name: 'GoogleOther',
    operator: 'Google',
    tokens: ['GoogleOther'],
    ignoresGlobal: false,
    purpose: 'One-off crawls by Google product teams, research and development',
    category: 'other',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: GOOGLE_COMMON,
  },
  {
    id: 'googleother-image',
    name: 'GoogleOther-Image',
    operator: 'Google',
    tokens: ['GoogleOther-Image', 'GoogleOther'],
    ignoresGlobal: false,
    purpose: 'Image fetches by Google product teams',
    category: 'other',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    caveat: 'the second token (the fallback when no group names the first) was not in the text we could re-read',
    source: GOOGLE_COMMON,
  },
  {
    id: 'googleother-video',
    name: 'GoogleOther-Video',
    operator: 'Google',
    tokens: ['GoogleOther-Video', 'GoogleOther'],
    ignoresGlobal: false,
    purpose: 'Video fetches by Google product teams',
    category: 'other',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    caveat: 'the second token (the fallback when no group names the first) was not in the text we could re-read',
    source: GOOGLE_COMMON,
  },
  {
    // Google lists only its own token; crawls happen at the site owner's
    // request (Vertex AI Agents).
    id: 'google-cloudvertexbot',
    name: 'Google-CloudVertexBot',
    operator: 'Google',
    tokens: ['Google-CloudVertexBot'],
    ignoresGlobal: false,
    purpose: 'Vertex AI Agents, crawls requested by the site owner',
    category: 'user-fetch',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: GOOGLE_COMMON,
  },
  {
    // A control token only: it sends no requests of its own (Googlebot
    // fetches); the group decides whether content may be used for Gemini
    // training and grounding. Google's crawling changelog (2026-10-30) adds
    // that Google intends to support a shared machine-readable AI-training
    // preference as well.
    id: 'google-extended',
    name: 'Google-Extended',
    operator: 'Google',
    tokens: ['Google-Extended'],
    ignoresGlobal: false,
    purpose: 'Control token: use of content for Gemini models (no crawler of its own)',
    category: 'control-token',
    honoursRobots: 'yes',
    controls: 'googlebot',
    checked: '2026-11-22',
    source: `${GOOGLE_COMMON}#google-extended`,
  },

  // ---- Google: user-triggered fetchers. Google's list says that, because a
  // user asked for the fetch, they "generally ignore robots.txt rules".
  {
    // Google's page "Allow Google-Agent traffic": the name used by agents
    // hosted on Google infrastructure acting on a user's request. Third-party
    // lists call it GoogleAgent-Mariner; Google's pages name only Google-Agent.
    id: 'google-agent',
    name: 'Google-Agent',
    operator: 'Google',
    tokens: ['Google-Agent'],
    ignoresGlobal: false,
    purpose: 'Agents on Google infrastructure browsing and acting for a user',
    category: 'user-fetch',
    honoursRobots: 'no',
    checked: '2026-11-27',
    source: 'https://developers.google.com/crawling/docs/crawlers-fetchers/allow-google-agent',
  },
  {
    // NotebookLM, renamed Gemini Notebook: fetches the URLs its users add as sources.
    id: 'google-gemininotebook',
    name: 'Google-GeminiNotebook',
    operator: 'Google',
    tokens: ['Google-GeminiNotebook'],
    ignoresGlobal: false,
    purpose: 'Pages a Gemini Notebook (formerly NotebookLM) user adds as sources',
    category: 'user-fetch',
    honoursRobots: 'no',
    checked: '2026-11-27',
    caveat:
      "read in the stored Japanese copy of Google's list; the entry for the former Google-NotebookLM token was not in the text read",
    source: GOOGLE_USER_TRIGGERED,
  },

  // ---- Google: special-case crawlers. Google's overview says these may
  // ignore robots.txt rules and follow only groups that name them, not `*`
  // (hence honoursRobots "partly" and ignoresGlobal).
  {
    id: 'apis-google',
    name: 'APIs-Google',
    operator: 'Google',
    tokens: ['APIs-Google'],
    ignoresGlobal: true,
    purpose: 'Delivery of push notifications by Google APIs',
    category: 'other',
    honoursRobots: 'partly',
    checked: '2026-11-22',
    source: GOOGLE_SPECIAL,
  },
  {
    id: 'adsbot-google-mobile',
    name: 'AdsBot-Google-Mobile',
    operator: 'Google',
    tokens: ['AdsBot-Google-Mobile'],
    ignoresGlobal: true,
    purpose: 'Google Ads: ad quality checks of mobile web pages',
    category: 'ads',
    honoursRobots: 'partly',
    checked: '2026-11-22',
    source: GOOGLE_SPECIAL,
  },
  {
    id: 'adsbot-google',
    name: 'AdsBot-Google',
    operator: 'Google',
    tokens: ['AdsBot-Google'],
    ignoresGlobal: true,
    purpose: 'Google Ads: ad quality checks of desktop web pages',
    category: 'ads',
    honoursRobots: 'partly',
    checked: '2026-11-22',
    source: GOOGLE_SPECIAL,
  },
  {
    // A special-case crawler (its section widened from AdSense to several
    // Google ad products on 2026-09-17, per Google's crawling changelog).
    id: 'mediapartners-google',
    name: 'Mediapartners-Google',
    operator: 'Google',
    tokens: ['Mediapartners-Google'],
    ignoresGlobal: true,
    purpose: 'AdSense and other Google ad products: page content for ad targeting',
    category: 'ads',
    honoursRobots: 'partly',
    checked: '2026-11-22',
    caveat:
      "that it ignores the * group comes from the page's general statement on special-case crawlers; its own section was not in the text we could re-read",
    source: GOOGLE_SPECIAL,
  },

  // ---- Other search engines.
  {
    // Bing documents only the bingbot token. Older advice that bingbot also
    // reads msnbot groups is not on Bing's current pages, so it is not
    // modelled here.
    id: 'bingbot',
    name: 'Bingbot',
    operator: 'Microsoft',
    tokens: ['bingbot'],
    ignoresGlobal: false,
    purpose: 'Bing Search crawling',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    caveat:
      "this page names the crawler but says nothing about robots.txt; that bingbot obeys it comes from Bing's robots.txt guidance, not re-read",
    source: 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0',
  },
  {
    // Apple: "If robots instructions don't mention Applebot but do mention
    // Googlebot, the Apple robot will follow Googlebot instructions."
    id: 'applebot',
    name: 'Applebot',
    operator: 'Apple',
    tokens: ['Applebot', 'Googlebot'],
    ignoresGlobal: false,
    purpose: 'Siri, Spotlight and Safari search features',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: 'unchecked',
    caveat: "Apple's own page was not available to re-read; copies of its text agree with this entry",
    source: 'https://support.apple.com/en-us/119829',
  },
  {
    // A control token: Applebot fetches; this group decides use of the
    // content for training Apple's generative models.
    id: 'applebot-extended',
    name: 'Applebot-Extended',
    operator: 'Apple',
    tokens: ['Applebot-Extended'],
    ignoresGlobal: false,
    purpose: 'Control token: use of content for Apple foundation models (no crawler of its own)',
    category: 'control-token',
    honoursRobots: 'yes',
    controls: 'applebot',
    checked: 'unchecked',
    caveat: "Apple's own page was not available to re-read; copies of its text agree with this entry",
    source: 'https://support.apple.com/en-us/119829',
  },
  {
    id: 'duckduckbot',
    name: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    tokens: ['DuckDuckBot'],
    ignoresGlobal: false,
    purpose: 'DuckDuckGo search results',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    caveat: 'the page gives the user-agent string DuckDuckBot-Https/1.1 but no robots.txt token of its own',
    source: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot',
  },
  {
    // Yandex: a YandexBot group is used only by the main indexing robot; a
    // Yandex group by all Yandex robots; `*` only when neither exists.
    // Caveat: Yandex itself finds its groups by substring ("Yandex" anywhere
    // in the value), which the reference's product-token match does not do.
    id: 'yandexbot',
    name: 'YandexBot',
    operator: 'Yandex',
    tokens: ['YandexBot', 'Yandex'],
    ignoresGlobal: false,
    purpose: 'Yandex Search main indexing robot',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: 'https://yandex.com/support/webmaster/en/robot-workings/user-agent',
  },
  {
    id: 'baiduspider',
    name: 'Baiduspider',
    operator: 'Baidu',
    tokens: ['Baiduspider'],
    ignoresGlobal: false,
    purpose: 'Baidu Search crawling',
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: 'https://www.baidu.com/search/robots_english.html',
  },

  // ---- AI crawlers and AI assistants' fetchers.
  // Checked dates (2026-11-22): each entry was compared with the operator's
  // own page as stored in the public pages Robots Lab's authors can read
  // (docs/crawler-catalogue.md has the method and what each check found).
  // Apple's page was not among them (copies of it agree with the Applebot
  // entries); ByteDance, Cohere and the legacy anthropic-ai token have no
  // operator page, so those stay "unchecked".
  {
    id: 'gptbot',
    name: 'GPTBot',
    operator: 'OpenAI',
    tokens: ['GPTBot'],
    ignoresGlobal: false,
    purpose: 'Training data for OpenAI models',
    category: 'ai-training',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: 'https://developers.openai.com/api/docs/bots',
  },
  {
    id: 'oai-searchbot',
    name: 'OAI-SearchBot',
    operator: 'OpenAI',
    tokens: ['OAI-SearchBot'],
    ignoresGlobal: false,
    purpose: 'Search results in ChatGPT',
    category: 'ai-answers',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: 'https://developers.openai.com/api/docs/bots',
  },
  {
    // OpenAI notes that user-initiated fetches may not be governed by
    // robots.txt; the profile shows what the file asks of it.
    id: 'chatgpt-user',
    name: 'ChatGPT-User',
    operator: 'OpenAI',
    tokens: ['ChatGPT-User'],
    ignoresGlobal: false,
    purpose: 'Pages fetched for a ChatGPT user request',
    category: 'user-fetch',
    honoursRobots: 'partly',
    checked: '2026-11-22',
    source: 'https://developers.openai.com/api/docs/bots',
  },
  {
    id: 'claudebot',
    name: 'ClaudeBot',
    operator: 'Anthropic',
    tokens: ['ClaudeBot'],
    ignoresGlobal: false,
    purpose: 'Training data for Anthropic models',
    category: 'ai-training',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source:
      'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler',
  },
  {
    id: 'claude-user',
    name: 'Claude-User',
    operator: 'Anthropic',
    tokens: ['Claude-User'],
    ignoresGlobal: false,
    purpose: 'Pages fetched for a Claude user request',
    category: 'user-fetch',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source:
      'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler',
  },
  {
    id: 'claude-searchbot',
    name: 'Claude-SearchBot',
    operator: 'Anthropic',
    tokens: ['Claude-SearchBot'],
    ignoresGlobal: false,
    purpose: 'Search quality for Claude',
    category: 'ai-answers',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source:
      'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler',
  },
  {
    // An older token that still appears in many robots.txt files. Anthropic's
    // current page names ClaudeBot, Claude-User and Claude-SearchBot; whether
    // anything still answers to anthropic-ai is not documented there.
    id: 'anthropic-ai',
    name: 'anthropic-ai',
    operator: 'Anthropic',
    tokens: ['anthropic-ai'],
    ignoresGlobal: false,
    purpose: 'Legacy Anthropic token (kept for old robots.txt files)',
    category: 'ai-training',
    honoursRobots: 'unstated',
    checked: 'unchecked',
    caveat: "Anthropic's page does not name this token",
    source:
      'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler',
  },
  {
    // Common Crawl's bot page (stored as www.commoncrawl.org/bot.html; its
    // FAQ now points to commoncrawl.org/ccbot): robots.txt blocks it, and its
    // exclusion token is "ccbot". The category is ours: Common Crawl
    // describes an open archive for research, widely used for AI training.
    id: 'ccbot',
    name: 'CCBot',
    operator: 'Common Crawl',
    tokens: ['CCBot'],
    ignoresGlobal: false,
    purpose: 'Common Crawl open web archive (widely used for AI training)',
    category: 'ai-training',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: 'https://commoncrawl.org/ccbot',
  },
  {
    id: 'perplexitybot',
    name: 'PerplexityBot',
    operator: 'Perplexity',
    tokens: ['PerplexityBot'],
    ignoresGlobal: false,
    purpose: 'Search results in Perplexity',
    category: 'ai-answers',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: 'https://docs.perplexity.ai/docs/resources/perplexity-crawlers',
  },
  {
    // Perplexity says user-initiated fetches generally ignore robots.txt; the
    // profile shows what the file asks of it.
    id: 'perplexity-user',
    name: 'Perplexity-User',
    operator: 'Perplexity',
    tokens: ['Perplexity-User'],
    ignoresGlobal: false,
    purpose: 'Pages fetched for a Perplexity user request',
    category: 'user-fetch',
    honoursRobots: 'no',
    checked: '2026-11-22',
    source: 'https://docs.perplexity.ai/docs/resources/perplexity-crawlers',
  },
  {
    // ByteDance publishes no crawler page that we could find; the source is
    // a third-party directory. Reports that Bytespider ignores robots.txt
    // are common; the profile shows what the file asks of it.
    id: 'bytespider',
    name: 'Bytespider',
    operator: 'ByteDance',
    tokens: ['Bytespider'],
    ignoresGlobal: false,
    purpose: 'Training data for ByteDance models (undocumented by the operator)',
    category: 'ai-training',
    honoursRobots: 'unstated',
    checked: 'unchecked',
    source: 'https://darkvisitors.com/agents/bytespider',
  },
  {
    id: 'meta-externalagent',
    name: 'meta-externalagent',
    operator: 'Meta',
    tokens: ['meta-externalagent'],
    ignoresGlobal: false,
    purpose: 'AI training and product indexing for Meta',
    category: 'ai-training',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: 'https://developers.facebook.com/docs/sharing/webmasters/crawler',
  },
  {
    id: 'amazonbot',
    name: 'Amazonbot',
    operator: 'Amazon',
    tokens: ['Amazonbot'],
    ignoresGlobal: false,
    purpose: 'Alexa answers and other Amazon services',
    category: 'ai-answers',
    honoursRobots: 'yes',
    checked: '2026-11-22',
    source: 'https://developer.amazon.com/amazonbot',
  },
  {
    // Cohere has published no crawler page that we could find; the token is
    // the one site owners commonly list. Source is a third-party directory.
    id: 'cohere-ai',
    name: 'cohere-ai',
    operator: 'Cohere',
    tokens: ['cohere-ai'],
    ignoresGlobal: false,
    purpose: 'Fetches for Cohere AI products (undocumented by the operator)',
    category: 'ai-training',
    honoursRobots: 'unstated',
    checked: 'unchecked',
    source: 'https://darkvisitors.com/agents/cohere-ai',
  },
  // ---- Added 2026-11-27 from the operators' pages as stored in the
  // collections Robots Lab's authors can read (docs/crawler-catalogue.md).
  {
    // OpenAI's advertiser guidance names OAI-AdsBot and says its crawlers
    // respect robots.txt; the bots page lists it for ad landing pages.
    id: 'oai-adsbot',
    name: 'OAI-AdsBot',
    operator: 'OpenAI',
    tokens: ['OAI-AdsBot'],
    ignoresGlobal: false,
    purpose: 'Checks the landing pages of ads submitted to ChatGPT',
    category: 'ads',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    source: 'https://help.openai.com/en/articles/20001243-advertiser-guidance-for-allowing-openai-web-crawlers',
  },
  {
    id: 'amzn-user',
    name: 'Amzn-User',
    operator: 'Amazon',
    tokens: ['Amzn-User'],
    ignoresGlobal: false,
    purpose: 'Live pages fetched for an Alexa user request',
    category: 'user-fetch',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    caveat: 'read in the stored copy at /de/support/amazonbot (English text); the page spells it AMZN-User',
    source: 'https://developer.amazon.com/support/amazonbot',
  },
  {
    id: 'kimibot',
    name: 'KimiBot',
    operator: 'Moonshot AI',
    tokens: ['KimiBot'],
    ignoresGlobal: false,
    purpose: "Content that may train Kimi's foundation models",
    category: 'ai-training',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    source: 'https://www.kimi.com/policies/kimi-crawlers',
  },
  {
    id: 'kimi-searchbot',
    name: 'Kimi-SearchBot',
    operator: 'Moonshot AI',
    tokens: ['Kimi-SearchBot'],
    ignoresGlobal: false,
    purpose: "Kimi's search index",
    category: 'ai-answers',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    source: 'https://www.kimi.com/policies/kimi-crawlers',
  },
  {
    // Kimi's page: "because actions are user-triggered, robots.txt rules may not directly apply".
    id: 'kimi-user',
    name: 'Kimi-User',
    operator: 'Moonshot AI',
    tokens: ['Kimi-User'],
    ignoresGlobal: false,
    purpose: 'Pages fetched for a Kimi user request',
    category: 'user-fetch',
    honoursRobots: 'partly',
    checked: '2026-11-27',
    source: 'https://www.kimi.com/policies/kimi-crawlers',
  },
  {
    // Diffbot's page: its crawls obey robots.txt by default, but a partner
    // agreement can override that; not used to train AI models.
    id: 'diffbot',
    name: 'Diffbot',
    operator: 'Diffbot',
    tokens: ['Diffbot'],
    ignoresGlobal: false,
    purpose: "Diffbot's Knowledge Graph and web search",
    category: 'search-index',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    caveat: 'the page says a partnership with a site can override robots.txt',
    source: 'https://docs.diffbot.com/docs/does-crawl-respect-robotstxt',
  },
  {
    id: 'diffbot-user',
    name: 'Diffbot-User',
    operator: 'Diffbot',
    tokens: ['Diffbot-User'],
    ignoresGlobal: false,
    purpose: 'Pages fetched for a user of Diffbot software',
    category: 'user-fetch',
    honoursRobots: 'unstated',
    checked: '2026-11-27',
    source: 'https://docs.diffbot.com/docs/does-crawl-respect-robotstxt',
  },
  {
    // DuckDuckGo's help page: a Disallow takes effect after 72 hours.
    id: 'duckassistbot',
    name: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    tokens: ['DuckAssistBot'],
    ignoresGlobal: false,
    purpose: 'Pages read in real time for DuckAssist answers (not AI training)',
    category: 'ai-answers',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    caveat: 'read in the stored copy of the help pages source (duckduckgo.github.io); changes apply after 72 hours',
    source: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot',
  },
  {
    // Mistral's crawler page: it "uses specific robots.txt tags"; this one
    // "governs which sites these user requests can be made to".
    id: 'mistralai-user',
    name: 'MistralAI-User',
    operator: 'Mistral AI',
    tokens: ['MistralAI-User'],
    ignoresGlobal: false,
    purpose: 'Pages fetched for a question asked in Mistral Vibe (not AI training)',
    category: 'user-fetch',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    caveat: 'read in the stored copy at docs.mistral.ai/en/robots',
    source: 'https://docs.mistral.ai/robots',
  },
  {
    id: 'mistralai-index',
    name: 'MistralAI-Index',
    operator: 'Mistral AI',
    tokens: ['MistralAI-Index'],
    ignoresGlobal: false,
    purpose: "Mistral search's index, for answers in Vibe (not AI training)",
    category: 'ai-answers',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    caveat: 'read in the stored copy at docs.mistral.ai/en/robots',
    source: 'https://docs.mistral.ai/robots',
  },
  {
    id: 'mistralai-training',
    name: 'MistralAI-Training',
    operator: 'Mistral AI',
    tokens: ['MistralAI-Training'],
    ignoresGlobal: false,
    purpose: "Datasets for training Mistral's generative AI models",
    category: 'ai-training',
    honoursRobots: 'yes',
    checked: '2026-11-27',
    caveat: 'the stored copy (docs.mistral.ai/en/robots) ends within this entry, before what it says webmasters can do',
    source: 'https://docs.mistral.ai/robots',
  },
];

/**
 * Finds a built-in profile by id, display name or first product token,
 * case-insensitively (`googlebot-image`, `Googlebot-Image`).
 */
export function findProfile(nameOrToken: string): CatalogueProfile | undefined {
  const key = nameOrToken.trim().toLowerCase();
  if (key === '') return undefined;
  return CRAWLER_PROFILES.find(
    (p) => p.id === key || p.name.toLowerCase() === key || p.tokens[0].toLowerCase() === key,
  );
}

interface TokenEntry {
  token: string;
  lower: string;
  squashed: string;
}

let tokenEntries: TokenEntry[] | null = null;

/** The catalogue's first tokens, lower-cased and with "-" and "_" dropped, built once. */
function catalogueTokens(): TokenEntry[] {
  tokenEntries ??= [...new Set(CRAWLER_PROFILES.map((p) => p.tokens[0]))].map((token) => ({
    token,
    lower: token.toLowerCase(),
    squashed: token.toLowerCase().replace(/[-_]/g, ''),
  }));
  return tokenEntries;
}

/**
 * The catalogue token a product token was probably meant to be: not itself a
 * catalogue token (case-insensitively), and either within one edit of one
 * (two for tokens of nine letters or more), or one with its operator prefix
 * or a hyphen dropped (`CloudVertexBot` for `Google-CloudVertexBot`,
 * `Claude-Bot` for `ClaudeBot`). Null when nothing is close, or when two
 * tokens are equally close.
 */
export function nearCatalogueToken(token: string): string | null {
  const lower = token.toLowerCase();
  const tokens = catalogueTokens();
  if (tokens.some((t) => t.lower === lower)) return null;
  const squashed = lower.replace(/[-_]/g, '');
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const t of tokens) {
    const limit = t.lower.length >= 9 ? 2 : 1;
    let d = Infinity;
    if (t.squashed === squashed) d = 1;
    // A dropped operator prefix: "CloudVertexBot" inside "Google-CloudVertexBot".
    else if (lower.length >= 8 && t.lower.endsWith(`-${lower}`)) d = 1;
    else if (Math.abs(t.lower.length - lower.length) <= limit) d = editDistance(lower, t.lower);
    if (d > limit) continue;
    if (d < bestDistance) {
      best = t.token;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return tie ? null : best;
}

/** The first tokens of the catalogue's search crawlers, lowercase. */
const SEARCH_TOKENS = new Set(
  CRAWLER_PROFILES.filter((p) => p.category === 'search-index').map((p) => p.tokens[0].toLowerCase()),
);

/**
 * The category a crawler counts under when the AI tab and its intents speak
 * of purposes: a fetcher that reads a search crawler's group when none names
 * it (Google-InspectionTool falls back to Googlebot) is part of search, so
 * "keep search" keeps it and "AI answers" does not count it.
 */
export function purposeCategory(p: CatalogueProfile): CrawlerCategory {
  return p.tokens.slice(1).some((t) => SEARCH_TOKENS.has(t.toLowerCase())) ? 'search-index' : p.category;
}
