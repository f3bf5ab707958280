import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { COMMUNITY_MESSAGES } from '../src/shared/community.ts';
import { JOB_MESSAGES } from '../src/shared/jobs.ts';
import { createConfirmedAccount, expect, seriousViolations, signInThroughApi, test, uniqueEmail } from './fixtures.ts';

/** A word no other record contains, so searches find exactly this run's data. */
const uniqueWord = (prefix: string) => `${prefix}${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

/**
 * A second browser: its own cookies, so two people use the app at once. Signed in through the API (the
 * login form has its own journeys in auth.spec.ts), it opens `path` directly rather than the role's home
 * first; `dialogs` (if given) gathers the messages of any dialog a script opens, from the first page on.
 */
async function signedInPage(browser: Browser, email: string, path: string, dialogs?: string[]) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  if (dialogs) {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }
  await signInThroughApi(page.request, email);
  await page.goto(path);
  await expect(page).toHaveURL(path);
  return page;
}

/**
 * Serious and critical axe violations of the page, leaving out the app-wide toaster: a toast caught
 * mid-animation is half-transparent and fails the contrast check at random (the toaster has its own checks).
 */
const postCard = (page: Page, text: string): Locator => page.getByRole('article').filter({ hasText: text });

test('a company posts a job that a creator finds with a keyword and applies to; the company sees the application', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const word = uniqueWord('zest');
  const title = `Motion Designer ${uniqueWord('m')}`;
  const companyEmail = uniqueEmail('company');
  const creatorEmail = uniqueEmail('applicant');
  await createConfirmedAccount(request, { email: companyEmail, role: 'company', name: 'Pixel Forge' });
  await createConfirmedAccount(request, { email: creatorEmail, role: 'creator', name: 'Ada Applicant' });

  // The company: the tabs, then Post a Job with the required-fields message first.
  const company = await signedInPage(browser, companyEmail, '/dashboard/zerrijobs');
  await expect(company.getByRole('heading', { level: 1, name: 'ZerriJobs' })).toBeVisible();
  const tabs = company.getByRole('tablist').first();
  for (const name of ['Overview', 'Find Jobs', 'Post a Job', 'Community Hub']) await expect(tabs.getByRole('tab', { name })).toBeVisible();
  await expect(tabs).toHaveClass(/grid-cols-2/);
  await expect(tabs).toHaveClass(/md:grid-cols-4/);
  expect(await seriousViolations(company)).toEqual([]);
  await tabs.getByRole('tab', { name: 'Post a Job' }).click();
  await expect(company).toHaveURL(/[?&]tab=post/);
  const jobForm = company.getByRole('form', { name: 'Post a job' });
  await jobForm.getByRole('button', { name: 'Post Job' }).click();
  await expect(jobForm.getByRole('alert')).toHaveText(JOB_MESSAGES.missingFields);
  expect(await seriousViolations(company)).toEqual([]);

  await jobForm.getByLabel('Job Title').fill(title);
  await jobForm.getByLabel('Company Name').fill('Pixel Forge Studio');
  await jobForm.getByLabel('Location').fill('Remote (EU)');
  await jobForm.getByLabel('Description').fill('Animate launch videos and social clips.\nYou will work with a small, friendly team.');
  await jobForm.getByLabel('Required Skills (comma separated)').fill(`After Effects, , ${word.toUpperCase()}`);
  await jobForm.getByLabel('Employment Type').selectOption('Contract');
  await jobForm.getByLabel('Salary Range (optional)').fill('$40–$60 per hour');
  await jobForm.getByRole('button', { name: 'Post Job' }).click();
  await expect(toast(company, JOB_MESSAGES.posted)).toBeVisible();
  // A posted job opens on its page (issue #20 item 14; the form used to stay on screen, cleared).
  await expect(company).toHaveURL(/\/dashboard\/zerrijobs\/jobs\/job_/);
  await expect(company.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The creator: Overview card → Find Jobs, the keyword (a skill, other case) and the type go into the URL.
  const creator = await signedInPage(browser, creatorEmail, '/dashboard/zerrijobs');
  await creator.getByRole('tabpanel').getByRole('button', { name: /Find Jobs/ }).click();
  await expect(creator).toHaveURL(/[?&]tab=find/);
  const filters = creator.getByRole('search', { name: 'Job filters' });
  await filters.getByLabel('Keyword').fill(`${word}-nothing-matches`);
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(creator.getByText(JOB_MESSAGES.noMatches)).toBeVisible();
  await filters.getByLabel('Keyword').fill(word.toLowerCase());
  await filters.getByLabel('Employment Type').selectOption('Contract');
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(creator).toHaveURL(new RegExp(`keyword=${word}`));
  await expect(creator).toHaveURL(/type=Contract/);
  const card = creator.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Pixel Forge Studio');
  await expect(card).toContainText('Remote (EU)');
  await expect(card).toContainText('$40–$60 per hour');
  await expect(card.getByRole('list', { name: 'Required skills' }).getByRole('listitem')).toHaveText(['After Effects', word.toUpperCase()]);
  await expect(creator.getByRole('article')).toHaveCount(1);
  expect(await seriousViolations(creator)).toEqual([]);

  // The filters survive a reload (they are in the URL).
  await creator.reload();
  await expect(creator.getByRole('search', { name: 'Job filters' }).getByLabel('Keyword')).toHaveValue(word.toLowerCase());
  await expect(creator.getByRole('article').filter({ hasText: title })).toBeVisible();

  // Creators see the companies-only message on Post a Job.
  await creator.getByRole('tab', { name: 'Post a Job' }).click();
  await expect(creator.getByText(JOB_MESSAGES.companiesOnly)).toBeVisible();
  await expect(creator.getByText(JOB_MESSAGES.companyAdvice)).toBeVisible();
  await expect(creator.getByRole('form', { name: 'Post a job' })).toHaveCount(0);
  expect(await seriousViolations(creator)).toEqual([]);
  await creator.goBack();
  await expect(creator).toHaveURL(/[?&]tab=find/);

  // View & Apply → the job's page with the application form.
  await creator.getByRole('link', { name: new RegExp(`View & Apply: ${title}`) }).click();
  await expect(creator).toHaveURL(/\/dashboard\/zerrijobs\/jobs\/job_/);
  await expect(creator.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(creator.getByText('You will work with a small, friendly team.')).toBeVisible();
  const apply = creator.getByRole('form', { name: 'Apply for this job' });
  await apply.getByRole('button', { name: 'Send Application' }).click();
  await expect(apply.getByText(JOB_MESSAGES.applicationNeedsMessage)).toBeVisible();
  expect(await seriousViolations(creator)).toEqual([]);
  await apply.getByLabel('Message').fill('Hello! I animate for brands and would love to join.');
  await apply.getByLabel('Link (portfolio or CV)').fill('https://example.com/ada-portfolio');
  const cv = Buffer.from('%PDF-1.4 Ada Applicant CV');
  await apply.getByLabel('Attach a file (optional, max 10 MB)').setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: cv });
  await apply.getByRole('button', { name: 'Send Application' }).click();
  await expect(toast(creator, JOB_MESSAGES.applied)).toBeVisible();
  await expect(creator.getByRole('status').filter({ hasText: JOB_MESSAGES.applied })).toBeVisible();

  // Applying twice is refused, and said nicely: back to the list and to the job again (within the app), its form anew.
  const jobUrl = creator.url();
  await creator.goBack();
  await expect(creator).toHaveURL(/[?&]tab=find/);
  await creator.goForward();
  await expect(creator).toHaveURL(jobUrl);
  await apply.getByLabel('Message').fill('Me again.');
  await apply.getByRole('button', { name: 'Send Application' }).click();
  await expect(creator.getByText(JOB_MESSAGES.alreadyApplied)).toBeVisible();

  // The company: My job postings shows the count; its job page lists the application with the file.
  // Loaded again: the company's browser still holds the job's page as it was before the application.
  await company.goto('/dashboard/zerrijobs?tab=post');
  await company.getByRole('link', { name: 'My job postings' }).click();
  await expect(company.getByRole('heading', { level: 1, name: 'My job postings' })).toBeVisible();
  const row = company.getByRole('article').filter({ hasText: title });
  await expect(row).toContainText('1 application');
  expect(await seriousViolations(company)).toEqual([]);
  await row.getByRole('link', { name: `View applications for ${title}` }).click();
  const application = company.getByRole('article', { name: 'Application from Ada Applicant' });
  await expect(application).toContainText(creatorEmail);
  await expect(application).toContainText('Hello! I animate for brands and would love to join.');
  await expect(application.getByRole('link', { name: /example\.com\/ada-portfolio/ })).toHaveAttribute('rel', 'nofollow noopener noreferrer');
  const download = application.getByRole('link', { name: 'Download ada-cv.pdf' });
  const file = await company.request.get((await download.getAttribute('href'))!);
  expect(Buffer.from(await file.body()).equals(cv)).toBe(true);
  expect(await seriousViolations(company)).toEqual([]);

  // Closing the job takes it out of Find Jobs. Back to My job postings, the way it came.
  await company.goBack();
  await expect(company).toHaveURL(/\/dashboard\/zerrijobs\/my-jobs$/);
  await company.getByRole('button', { name: `Close ${title}` }).click();
  await expect(toast(company, 'Job Closed')).toBeVisible();
  await expect(company.getByRole('article').filter({ hasText: title })).toContainText('Closed');
  await creator.goto(`/dashboard/zerrijobs?tab=find&keyword=${word}`);
  await expect(creator.getByText(JOB_MESSAGES.noMatches)).toBeVisible();

  await company.context().close();
  await creator.context().close();
});

test('creators post, follow, like and comment; the author sees it live; user text stays text', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const word = uniqueWord('aurora');
  const aEmail = uniqueEmail('author');
  const bEmail = uniqueEmail('fan');
  await createConfirmedAccount(request, { email: aEmail, role: 'creator', name: 'Aria Author' });
  await createConfirmedAccount(request, { email: bEmail, role: 'creator', name: 'Ben Follower' });

  const dialogs: string[] = [];
  const a = await signedInPage(browser, aEmail, '/dashboard/zerrijobs', dialogs);
  await a.getByRole('tab', { name: 'Community Hub' }).click();
  await expect(a).toHaveURL(/[?&]tab=community/);
  await expect(a.getByRole('heading', { name: 'Community Hub' })).toBeVisible();

  // Messages: the hub's icon opens the inbox (e2e/conversations.spec.ts); here it is a link there.
  await expect(a.getByRole('main').getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/dashboard/messages');

  // A follows nobody yet.
  await a.getByRole('tab', { name: 'Following' }).click();
  await expect(a).toHaveURL(/feed=following/);
  await expect(a.getByText(COMMUNITY_MESSAGES.noFollowing)).toBeVisible();
  await a.getByRole('tab', { name: 'All Posts' }).click();
  expect(await seriousViolations(a)).toEqual([]);

  // Empty post, then a wrong file type, then a real post with an image.
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(a.getByRole('alert').filter({ hasText: COMMUNITY_MESSAGES.emptyPost })).toBeVisible();
  await a.getByLabel('Add image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(a.getByRole('alert').filter({ hasText: COMMUNITY_MESSAGES.invalidImage })).toBeVisible();
  await a.getByLabel('Add video').setInputFiles({ name: 'clip.png', mimeType: 'image/png', buffer: Buffer.from('png?') });
  await expect(a.getByRole('alert').filter({ hasText: COMMUNITY_MESSAGES.invalidVideo })).toBeVisible();
  const png = await sharp({ create: { width: 480, height: 300, channels: 3, background: '#7c3aed' } }).png().toBuffer();
  await a.getByLabel("What's on your mind?").fill(`Fresh artwork ${word}, more at https://example.com/gallery.`);
  await a.getByLabel('Add image').setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: png });
  await expect(a.getByRole('img', { name: 'Selected image preview' })).toBeVisible();
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(a, COMMUNITY_MESSAGES.postCreated)).toBeVisible();
  await expect(a.getByLabel("What's on your mind?")).toHaveValue('');
  const aPost = postCard(a, word);
  await expect(aPost.getByRole('img', { name: 'Image shared by Aria Author' })).toBeVisible();
  const link = aPost.getByRole('link', { name: 'https://example.com/gallery' });
  await expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(aPost.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await expect(aPost.getByRole('button', { name: 'Like (0 likes)' })).toHaveAttribute('aria-pressed', 'false');

  // B finds A's post, follows, likes and comments.
  const b = await signedInPage(browser, bEmail, '/dashboard/zerrijobs?tab=community', dialogs);
  const bPost = postCard(b, word);
  await expect(bPost).toBeVisible();
  await expect(bPost.getByRole('button', { name: 'Post options' })).toHaveCount(0);
  await bPost.getByRole('button', { name: 'Follow Aria Author' }).click();
  await expect(toast(b, COMMUNITY_MESSAGES.followed)).toBeVisible();
  await expect(bPost.getByRole('button', { name: 'Unfollow Aria Author' })).toBeVisible();
  await bPost.getByRole('button', { name: 'Like (0 likes)' }).click();
  await expect(bPost.getByRole('button', { name: 'Unlike (1 like)' })).toHaveAttribute('aria-pressed', 'true');
  await bPost.getByRole('button', { name: /^Show comments/ }).click();
  await bPost.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(bPost.getByRole('alert')).toHaveText(COMMUNITY_MESSAGES.emptyComment);
  await bPost.getByLabel('Add a comment').fill('Love it <img src=x onerror=alert(1)> see https://example.com/b');
  await bPost.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(toast(b, COMMUNITY_MESSAGES.commentAdded)).toBeVisible();
  await expect(bPost.getByRole('list', { name: 'Comments' })).toContainText('Love it <img src=x onerror=alert(1)> see');
  expect(await seriousViolations(b)).toEqual([]);

  // A sees the like and the comment without reloading.
  await expect(aPost.getByRole('button', { name: 'Like (1 like)' })).toBeVisible();
  await expect(aPost.getByTestId('like-count')).toHaveText('1');
  await expect(aPost.getByTestId('comment-count')).toHaveText('1');

  // B's Following feed shows A's post.
  await b.getByRole('tab', { name: 'Following' }).click();
  await expect(b).toHaveURL(/feed=following/);
  await expect(postCard(b, word)).toBeVisible();

  // A posts HTML-looking text: B sees it appear live, as text; no script runs.
  const xss = `${word} <script>alert(1)</script> <img src=x onerror=alert(1)>`;
  await a.getByLabel("What's on your mind?").fill(xss);
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(a, COMMUNITY_MESSAGES.postCreated)).toBeVisible();
  const bXss = postCard(b, xss);
  await expect(bXss).toBeVisible();
  await expect(bXss).toContainText(xss);
  await expect(bXss.locator('img[src="x"]')).toHaveCount(0);
  await expect(b.locator('main script')).toHaveCount(0);

  // Share copies the post's own page; that page shows the post and its comments.
  await b.getByRole('tab', { name: 'All Posts' }).click();
  await postCard(b, `Fresh artwork ${word}`).getByRole('button', { name: 'Share' }).click();
  await expect(toast(b, 'Copied!')).toBeVisible();
  const shared = await b.evaluate(() => navigator.clipboard.readText());
  expect(shared).toMatch(/^http:\/\/localhost:\d+\/dashboard\/zerrijobs\/posts\/post_[A-Za-z0-9]{20}$/);
  await b.goto(shared);
  await expect(b.getByRole('heading', { level: 1, name: 'Post by Aria Author' })).toBeVisible();
  await expect(b.getByRole('list', { name: 'Comments' })).toContainText('Love it');
  expect(await seriousViolations(b)).toEqual([]);

  // Only the author has Delete Post; the deleted post leaves B's page (the hub, by the post page's way back).
  await b.getByRole('main').getByRole('link', { name: 'Community Hub' }).click();
  await expect(b).toHaveURL(/\/dashboard\/zerrijobs\?tab=community$/);
  await expect(postCard(b, xss)).toBeVisible();
  const aXss = postCard(a, xss);
  await aXss.getByRole('button', { name: 'Post options' }).click();
  await a.getByRole('menuitem', { name: 'Delete Post' }).click();
  await a.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(a, COMMUNITY_MESSAGES.postDeleted)).toBeVisible();
  await expect(aXss).toHaveCount(0);
  await expect(postCard(b, xss)).toHaveCount(0);

  expect(dialogs).toEqual([]);
  await a.context().close();
  await b.context().close();
});
