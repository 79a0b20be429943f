'use strict';
/**
 * What the admin shows above each field of Folio's content types and
 * components: a label and help text in the writer's words (Strapi's
 * Content Manager keeps them as each field's `label` and `description`).
 * Applied at every start (src/index.js), so an existing Strapi gets them
 * too; a field of Folio's types without an entry here stops the start.
 */
const SLUG =
  'The last part of the address (/articles/<slug>): lowercase letters, digits and hyphens. Changing it keeps the old address working (it redirects).';
const SEO_TITLE = 'Title for search engines and link previews; leave empty to use the title.';
const SEO_DESCRIPTION =
  'One or two sentences for search results and link previews; leave empty to use the summary.';
const SEO_IMAGE = 'Picture for link previews on social media; leave empty to use the hero image.';

const FIELD_HELP = {
  'api::article.article': {
    title: ['Title', 'The headline readers see, on the page and in lists.'],
    slug: ['Slug', SLUG],
    summary: ['Summary', 'One or two sentences under the title, on the page and in article lists.'],
    body: [
      'Body',
      'The article: text, with code blocks, pull quotes, images, tables and links to other articles between.',
    ],
    heroImage: [
      'Hero image',
      'The large picture at the top of the article and on its card (its alternative text is the media library’s).',
    ],
    authors: ['Authors', 'Who wrote it, in the order the byline names them.'],
    topics: ['Topics', 'What it is about: it is listed on each topic’s page.'],
    publicationDate: [
      'Publication date',
      'When readers first see the article. Leave empty to use the moment you first publish it; a date in the future schedules it.',
    ],
    seoTitle: ['Search title', SEO_TITLE],
    seoDescription: ['Search description', SEO_DESCRIPTION],
    seoImage: ['Sharing image', SEO_IMAGE],
    liveCoverageStart: [
      'Live coverage start',
      'Makes the article a live blog: when its coverage started. Leave empty for any other article.',
    ],
    liveCoverageEnd: [
      'Live coverage end',
      'When the coverage ended; leave empty while it runs (the page then says it is live).',
    ],
    liveSummary: [
      'Live blog summary',
      'Pinned above the updates: the state of things now, kept current as the story moves.',
    ],
    liveUpdates: [
      'Live blog updates',
      'The live blog’s updates. Add one and publish the article: readers with the page open see it at once. Shown newest first, by their time.',
    ],
  },
  'api::author.author': {
    name: ['Name', 'As the byline shows it.'],
    slug: ['Slug', SLUG],
    bio: ['Biography', 'A few sentences about the author, on their page.'],
    avatar: ['Portrait', 'A square picture of the author.'],
    articles: ['Articles', 'The articles naming this author (set on each article).'],
  },
  'api::topic.topic': {
    name: ['Name', 'The topic as readers see it.'],
    slug: ['Slug', SLUG],
    description: ['Description', 'A sentence or two at the top of the topic’s page.'],
    articles: ['Articles', 'The articles in this topic (set on each article).'],
  },
  'api::page.page': {
    title: ['Title', 'The page’s heading and the title of its browser tab.'],
    slug: ['Slug', 'The page’s address (/<slug>); the page with slug "home" is the home page.'],
    seoTitle: ['Search title', SEO_TITLE],
    seoDescription: ['Search description', SEO_DESCRIPTION],
    seoImage: ['Sharing image', SEO_IMAGE],
    blocks: [
      'Blocks',
      'The page, top to bottom: heroes, text, article lists, featured articles, callouts, images, a newsletter signup.',
    ],
  },
  'api::site.site': {
    title: ['Site title', 'The name of the site, in every page’s header and browser tab.'],
    description: ['Site description', 'What the site is, for search engines and the feed.'],
    navigation: ['Navigation', 'The links in the header, in order.'],
    footer: ['Footer', 'The links at the bottom of every page, in order.'],
  },
  'article.article-card': {
    article: ['Article', 'Another article, shown here as a card that links to it.'],
  },
  'article.code-block': {
    language: [
      'Language',
      'The programming language, for highlighting (for example python, javascript, bash).',
    ],
    code: ['Code', 'The code exactly as readers should copy it.'],
    caption: ['Caption', 'A line under the code saying what it shows (optional).'],
  },
  'article.image': {
    image: ['Image', 'The picture (its alternative text is the media library’s).'],
    caption: ['Caption', 'A line under the picture (optional).'],
  },
  'article.pull-quote': {
    quote: ['Quote', 'A sentence from the article, set large to catch the eye.'],
    attribution: ['Attribution', 'Who said it (optional).'],
  },
  'article.table': {
    rows: [
      'Rows',
      'A list of rows, each a list of cells: ["Name", "Value"]; the first row is the header.',
    ],
  },
  'article.text': {
    content: ['Text', 'Paragraphs, headings, lists, quotes and links.'],
  },
  'live.update': {
    postedAt: [
      'Posted at',
      'When the update was posted, as readers see it; two updates may not share a time.',
    ],
    title: ['Title', 'A short headline for the update, shown above it and in the key events.'],
    body: ['Text', 'The update: paragraphs, headings, lists, quotes, code and links.'],
    keyEvent: [
      'Key event',
      'A key event is also listed at the top of the live blog, with a link to it.',
    ],
    author: ['Author', 'Who posted the update (shown with it).'],
  },
  'blocks.article-list': {
    heading: ['Heading', 'Above the list.'],
    mode: [
      'Which articles',
      'LATEST: the newest articles; BY_TOPIC: the newest in the topic chosen below.',
    ],
    topic: ['Topic', 'For BY_TOPIC: whose articles to list.'],
    count: ['How many', 'How many articles to show.'],
  },
  'blocks.callout': {
    heading: ['Heading', 'The callout’s title.'],
    body: ['Text', 'A sentence or two (optional).'],
    tone: ['Tone', 'How it looks: INFO, SUCCESS or WARNING.'],
    linkLabel: ['Link text', 'The words of its link (optional, with the link address).'],
    linkUrl: [
      'Link address',
      'Where the link goes: a path on this site (/about) or a full address.',
    ],
  },
  'blocks.featured-articles': {
    heading: ['Heading', 'Above the articles.'],
    articles: [
      'Articles',
      'The articles to feature, in order (one readers cannot see yet is left out).',
    ],
  },
  'blocks.hero': {
    heading: ['Heading', 'The large title at the top of the page.'],
    subheading: ['Subheading', 'A sentence under it (optional).'],
    image: ['Image', 'The picture behind or beside it (optional).'],
    ctaLabel: ['Button text', 'The words on its button (optional, with the button address).'],
    ctaUrl: [
      'Button address',
      'Where the button goes: a path on this site (/topics) or a full address.',
    ],
  },
  'blocks.image': {
    image: ['Image', 'The picture (its alternative text is the media library’s).'],
    caption: ['Caption', 'A line under the picture (optional).'],
  },
  'blocks.newsletter-signup': {
    heading: ['Heading', 'The signup box’s title.'],
    description: ['Text', 'A sentence on what subscribers get (optional).'],
    buttonLabel: ['Button text', 'The words on its button (optional).'],
  },
  'blocks.rich-text': {
    body: ['Text', 'Paragraphs, headings, lists, quotes and links.'],
  },
  'shared.link': {
    label: ['Text', 'The words of the link.'],
    url: ['Address', 'Where it goes: a path on this site (/about) or a full address.'],
  },
};

/** Every field of Folio's types and components, each with its label and help text, in the Content Manager's configuration. */
async function applyFieldHelp(strapi) {
  const contentManager = strapi.plugin('content-manager');
  for (const [uid, fields] of Object.entries(FIELD_HELP)) {
    const isComponent = !uid.startsWith('api::');
    const model = isComponent ? strapi.components[uid] : strapi.contentTypes[uid];
    const missing = Object.keys(model.attributes).filter((name) => {
      const attribute = model.attributes[name];
      return (
        attribute.visible !== false &&
        attribute.private !== true &&
        !fields[name] &&
        !/^(createdAt|updatedAt|publishedAt|createdBy|updatedBy|locale|localizations)$/.test(name)
      );
    });
    if (missing.length > 0)
      throw new Error(`src/fieldHelp.js has no help text for ${uid}: ${missing.join(', ')}`);
    const service = contentManager.service(isComponent ? 'components' : 'content-types');
    const { settings, metadatas, layouts } = await service.findConfiguration(model);
    let changed = false;
    const next = { ...metadatas };
    for (const [name, [label, description]] of Object.entries(fields)) {
      const edit = next[name]?.edit;
      if (!edit || (edit.label === label && edit.description === description)) continue;
      next[name] = { ...next[name], edit: { ...edit, label, description } };
      changed = true;
    }
    if (changed) await service.updateConfiguration(model, { settings, metadatas: next, layouts });
  }
}

module.exports = { FIELD_HELP, applyFieldHelp };
