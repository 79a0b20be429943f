import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import { dataFile } from '../../cms/strapi/lib/folio.js';

/**
 * Strapi as its writers use it, for the browser tests over the Strapi source
 * (docs/sources.md#previewing-from-strapi): its admin, signed in as a test
 * admin, and its REST API with the full-access token the import writes with
 * (cms/strapi/README.md), to prepare the documents a writer would have saved.
 */

/** The admin these tests register in a Strapi that has none (a fresh CI clone); never a real person's. */
export const STRAPI_ADMIN = {
  email: 'preview-test@folio.example',
  password: 'Preview-test-1',
  firstname: 'Preview',
  lastname: 'Test',
};

/** The Strapi the e2e server reads (the variables globalSetup started it with). */
export function strapiUrl(): string {
  const env = JSON.parse(process.env.FOLIO_E2E_SOURCE_ENV ?? '{}') as Record<string, string>;
  const url = env.FOLIO_STRAPI_URL;
  if (!url) throw new Error('FOLIO_E2E_SOURCE_ENV names no FOLIO_STRAPI_URL: not the Strapi run');
  return url;
}

/**
 * Registers the test admin when the Strapi has no admin yet (a fresh CI
 * clone). Signing in is left to the browser: Strapi's admin allows one
 * address 5 sign-ins in 5 minutes (its `admin.rateLimit`), so the tests sign
 * in once per admin origin and reuse the session (`signInToStrapi`).
 */
export async function ensureStrapiAdmin(strapi: string): Promise<void> {
  const init = (await (await fetch(`${strapi}/admin/init`)).json()) as {
    data: { hasAdmin: boolean };
  };
  if (init.data.hasAdmin) return;
  const registered = await fetch(`${strapi}/admin/register-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STRAPI_ADMIN),
  });
  expect(registered.status, 'the first admin registered').toBe(200);
}

type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Where the admin's signed-in state for an origin is kept during a run: the
 * run's data folder (globalSetup's, removed after the run), so that a worker
 * started again after a failure does not sign in again.
 */
function keptStateFile(adminOrigin: string): string {
  const folder = process.env.FOLIO_E2E_DATA_DIR;
  if (!folder)
    throw new Error('FOLIO_E2E_DATA_DIR is not set: run the suite with scripts/test-e2e.mjs');
  return path.join(folder, `strapi-admin-${new URL(adminOrigin).host.replace(/\W/g, '-')}.json`);
}

function keptState(adminOrigin: string): SignedInState | null {
  const file = keptStateFile(adminOrigin);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SignedInState) : null;
}

/**
 * Signs `context` in to Strapi's admin at `adminOrigin` (http://127.0.0.1:1337,
 * or http://localhost:1337): through its login page the first time, with the
 * state kept then afterwards. A Strapi whose admin somebody else made cannot
 * be signed in to: the test is skipped, except in CI (which starts afresh).
 */
export async function signInToStrapi(context: BrowserContext, adminOrigin: string): Promise<void> {
  const saved = keptState(adminOrigin);
  if (saved) {
    await context.addCookies(saved.cookies);
    const storage = saved.origins.find((origin) => origin.origin === adminOrigin)?.localStorage;
    if (storage)
      await context.addInitScript(
        ({ origin, entries }) => {
          if (window.location.origin !== origin) return;
          for (const { name, value } of entries) window.localStorage.setItem(name, value);
        },
        { origin: adminOrigin, entries: storage },
      );
    return;
  }
  const page = await context.newPage();
  await page.goto(`${adminOrigin}/admin/auth/login`);
  await page.getByLabel(/email/i).fill(STRAPI_ADMIN.email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(STRAPI_ADMIN.password);
  await page.getByRole('button', { name: /login/i }).click();
  const home = page.getByRole('link', { name: 'Content Manager' });
  const refused = page.getByText(/Invalid credentials|Too many requests/);
  await expect(home.or(refused)).toBeVisible({ timeout: 30_000 });
  if (await refused.isVisible()) {
    const words = await refused.innerText();
    if (words.startsWith('Invalid') && !process.env.CI)
      test.skip(true, 'this Strapi has an admin of its own');
    throw new Error(
      `Strapi's admin refused the test admin's sign-in: "${words}" (it allows 5 in 5 minutes per address)`,
    );
  }
  await page.close();
  const state = await context.storageState();
  const host = new URL(adminOrigin).hostname;
  const kept: SignedInState = {
    cookies: state.cookies.filter((cookie) => cookie.domain === host),
    origins: state.origins.filter((origin) => origin.origin === adminOrigin),
  };
  writeFileSync(keptStateFile(adminOrigin), JSON.stringify(kept), { mode: 0o600 });
}

/** The admin's edit view of an article in one locale. */
export function articleEditView(adminOrigin: string, documentId: string, locale: string): string {
  return `${adminOrigin}/admin/content-manager/collection-types/api::article.article/${documentId}?plugins[i18n][locale]=${locale}`;
}

export type StrapiRest = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** Strapi's REST API with the import's full-access token: an answer other than 2xx throws with Strapi's words. */
export function strapiRest(strapi: string): StrapiRest {
  const token = readFileSync(dataFile('import-token'), 'utf8').trim();
  return async (method, path, body) => {
    const response = await fetch(`${strapi}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(
        `Strapi answered ${response.status} to ${method} ${path}: ${await response.text()}`,
      );
    return response.status === 204 ? null : ((await response.json()) as { data: unknown }).data;
  };
}

/** One language's fields of a test article. */
export interface ArticleText {
  title: string;
  slug: string;
  summary: string;
  paragraph: string;
}

/** An article's fields as Strapi's REST API takes them: one paragraph of body. */
export function articleData(text: ArticleText): Record<string, unknown> {
  return {
    title: text.title,
    slug: text.slug,
    summary: text.summary,
    body: [
      {
        __component: 'article.text',
        content: [{ type: 'paragraph', children: [{ type: 'text', text: text.paragraph }] }],
      },
    ],
  };
}

/** The documentId of the (draft) document of a collection with that slug. */
export async function documentIdOf(
  rest: StrapiRest,
  plural: string,
  slug: string,
): Promise<string> {
  const found = (await rest(
    'GET',
    `/api/${plural}?${new URLSearchParams({ 'filters[slug][$eq]': slug, status: 'draft' })}`,
  )) as { documentId: string }[];
  if (!found[0]) throw new Error(`Strapi has no ${plural} with the slug ${slug}`);
  return found[0].documentId;
}
