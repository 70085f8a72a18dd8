// Robots.txt files with AI-preference lines, written for these tests in the
// shapes the drafts and Cloudflare's documentation show (not copied from
// them). Shared by the unit tests; e2e tests of the AI views can reuse them.

/** draft-ietf-aipref-attach-05 §3.4's shape: a * group with a path exception, and one crawler's own group. */
export const ATTACH_SHAPE = `User-Agent: *
Allow: /
Disallow: /drafts/
Content-Usage: / train-ai=n
Content-Usage: /open-data/ train-ai=y

User-Agent: ShopBot
Allow: /
Content-Usage: / train-ai=y
`;

/** Cloudflare's managed robots.txt shape: signals (no spaces, with use=) in the * group, then AI crawlers blocked. */
export const CLOUDFLARE_SHAPE = `# Content signals: search=yes allows search; ai-train=no asks not to train.
User-agent: *
Content-Signal: search=yes,ai-train=no,use=reference
Allow: /

User-agent: GPTBot
Disallow: /

User-agent: CCBot
Disallow: /
`;

/** A file mixing the two vocabularies and the License line, as site owners write them. */
export const MIXED_SHAPE = `License: https://shop.example/license.xml

User-agent: *
Content-Signal: search=yes, ai-input=no, ai-train=no, use=reference
Content-Usage: /blog/ train-ai=y, ai-use=n
Disallow: /cart/
`;
