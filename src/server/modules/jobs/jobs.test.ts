import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, matchesJobFilters, type FilterableJob, type JobFilters } from '#shared/jobs.ts';
import { APPLICATION_MAX_LENGTH, APPLICATION_MESSAGES } from '#shared/jobs-form.ts';
import { createSignedInUser, createTestApp, request, TEST_ORIGIN, type TestApp } from '../../test/test-app.ts';

let test: TestApp;
let base: string;
let company: { cookie: string; id: string };
beforeAll(async () => {
  test = await createTestApp();
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  company = await createSignedInUser(test, { role: 'company', name: 'Northwind' });
});
afterAll(() => test.close());

const postJob = (cookie: string, job: Record<string, unknown>) => request(test.app, { method: 'POST', url: '/api/jobs', cookie, payload: job });
const sample = (overrides: Partial<FilterableJob> & { skills?: string | string[] } = {}) => ({
  title: 'Illustrator',
  companyName: 'Northwind Studio',
  location: 'Remote',
  description: 'Draw things.',
  skills: 'Procreate, Typography',
  employmentType: 'Contract',
  ...overrides,
});

describe('posting jobs', () => {
  it('is for companies only, enforced by the server', async () => {
    const creator = await createSignedInUser(test, { role: 'creator' });
    const refused = await postJob(creator.cookie, sample());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(JOB_MESSAGES.companiesOnly);
    expect((await postJob('', sample())).statusCode).toBe(401);
    const posted = await postJob(company.cookie, { ...sample({ title: 'Only company' }), skills: ' React, ,Figma ', salaryRange: '$50-70k' });
    expect(posted.statusCode).toBe(201);
    expect(posted.json().job).toMatchObject({ title: 'Only company', skills: ['React', 'Figma'], salaryRange: '$50-70k', status: 'open' });
    expect(posted.json().job.id).toMatch(/^job_[A-Za-z0-9]{20}$/);
  });

  it.each(['title', 'companyName', 'location', 'description'])('needs a %s', async (field) => {
    const response = await postJob(company.cookie, { ...sample(), [field]: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(JOB_MESSAGES.missingFields);
  });

  it('lets a company edit and close only its own jobs', async () => {
    const { job } = (await postJob(company.cookie, sample({ title: 'Editable' }))).json();
    const rival = await createSignedInUser(test, { role: 'company' });
    const stolen = await request(test.app, { method: 'PUT', url: `/api/jobs/${job.id}`, cookie: rival.cookie, payload: sample({ title: 'Mine now' }) });
    expect(stolen.statusCode).toBe(403);
    const edited = await request(test.app, { method: 'PUT', url: `/api/jobs/${job.id}`, cookie: company.cookie, payload: sample({ title: 'Edited' }) });
    expect(edited.json().job.title).toBe('Edited');
    const closed = await request(test.app, { method: 'PATCH', url: `/api/jobs/${job.id}/status`, cookie: company.cookie, payload: { status: 'closed' } });
    expect(closed.json().job.status).toBe('closed');
    const search = await request(test.app, { method: 'GET', url: '/api/jobs?keyword=Edited' });
    expect(search.json().items).toEqual([]);
  });
});

describe('finding jobs', () => {
  it('filters on the server exactly as the shared rules say', async () => {
    const hiring = await createSignedInUser(test, { role: 'company' });
    const catalogue: FilterableJob[] = [
      { title: 'Zq Motion Designer', companyName: 'Pixel Barn', location: 'Berlin, Germany', description: 'After Effects work', skills: ['Animation'], employmentType: 'Full-time' },
      { title: 'Zq Copywriter', companyName: 'Wordsmiths', location: 'Remote (EU)', description: 'Launch e-mails', skills: ['SEO', 'Copy'], employmentType: 'Freelance' },
      { title: 'Zq Intern', companyName: 'Pixel Barn', location: 'remote', description: 'Learn animation', skills: [], employmentType: 'Internship' },
      { title: 'Zq Producer', companyName: 'Beat Lab', location: 'Lisbon', description: 'Mix and master', skills: ['Ableton', 'Mixing'], employmentType: 'Part-time' },
    ];
    for (const job of catalogue) expect((await postJob(hiring.cookie, { ...job, skills: job.skills.join(', ') })).statusCode).toBe(201);
    const filters: JobFilters[] = [
      { keyword: 'zq' },
      { keyword: 'zq animation' },
      { keyword: 'ANIMATION' },
      { keyword: 'pixel' },
      { keyword: 'mixing' },
      { location: 'REMOTE' },
      { keyword: 'zq', type: 'Freelance' },
      { keyword: 'zq', location: 'remote', type: 'Internship' },
      { keyword: 'zq', type: 'All' },
      { keyword: '50%_off' },
    ];
    for (const filter of filters) {
      const query = new URLSearchParams(Object.entries(filter) as [string, string][]);
      const response = await request(test.app, { method: 'GET', url: `/api/jobs?${query}&pageSize=50` });
      const found = response.json().items.map((job: { title: string }) => job.title).filter((title: string) => title.startsWith('Zq')).sort();
      const expected = catalogue.filter((job) => matchesJobFilters(job, filter)).map((job) => job.title).sort();
      expect(found, JSON.stringify(filter)).toEqual(expected);
    }
  });

  it('pages the results', async () => {
    const hiring = await createSignedInUser(test, { role: 'company' });
    for (let i = 0; i < 5; i++) await postJob(hiring.cookie, sample({ title: `Pager ${i}` }));
    const page = await request(test.app, { method: 'GET', url: '/api/jobs?keyword=pager&pageSize=2&page=3' });
    expect(page.json()).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(page.json().items).toHaveLength(1);
  });
});

describe('applying', () => {
  const apply = async (cookie: string, jobId: string, fields: { message?: string; link?: string; file?: Blob }) => {
    const form = new FormData();
    if (fields.message !== undefined) form.append('message', fields.message);
    if (fields.link !== undefined) form.append('link', fields.link);
    if (fields.file) form.append('file', fields.file, 'portfolio.pdf');
    const response = await fetch(`${base}/api/jobs/${jobId}/applications`, { method: 'POST', headers: { cookie, origin: TEST_ORIGIN }, body: form });
    return { status: response.status, body: await response.json() };
  };

  it('sends a message with a file; only the company sees the applications', async () => {
    const { job } = (await postJob(company.cookie, sample({ title: 'Apply here' }))).json();
    const creator = await createSignedInUser(test, { role: 'creator', name: 'Casey Creator' });
    expect((await apply(creator.cookie, job.id, { message: '  ' })).body.error.message).toBe(JOB_MESSAGES.applicationNeedsMessage);
    const sent = await apply(creator.cookie, job.id, { message: 'I would love to.', link: 'https://casey.example', file: new Blob(['%PDF portfolio bytes']) });
    expect(sent.status).toBe(201);
    expect((await apply(creator.cookie, job.id, { message: 'Again' })).status).toBe(409);
    expect((await apply(company.cookie, job.id, { message: 'Me' })).body.error.message).toBe(JOB_MESSAGES.ownJob);

    const list = await request(test.app, { method: 'GET', url: `/api/jobs/${job.id}/applications`, cookie: company.cookie });
    expect(list.json().items).toMatchObject([{ message: 'I would love to.', link: 'https://casey.example', applicantName: 'Casey Creator', fileName: 'portfolio.pdf', hasFile: true }]);
    const { id } = list.json().items[0];
    const file = await request(test.app, { method: 'GET', url: `/api/jobs/${job.id}/applications/${id}/file`, cookie: company.cookie });
    expect(file.body).toBe('%PDF portfolio bytes');
    const stranger = await createSignedInUser(test, { role: 'creator' });
    expect((await request(test.app, { method: 'GET', url: `/api/jobs/${job.id}/applications/${id}/file`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await request(test.app, { method: 'GET', url: `/api/jobs/${job.id}/applications`, cookie: creator.cookie })).statusCode).toBe(403);
    const mine = await request(test.app, { method: 'GET', url: '/api/my/jobs', cookie: company.cookie });
    expect(mine.json().items.find((item: { id: string }) => item.id === job.id).applications).toBe(1);
  });
  it('refuses with the shared messages and their own codes', async () => {
    const { job } = (await postJob(company.cookie, sample({ title: 'Codes' }))).json();
    const creator = await createSignedInUser(test, { role: 'creator' });
    const long = await apply(creator.cookie, job.id, { message: 'x'.repeat(APPLICATION_MAX_LENGTH + 1) });
    expect(long.body.error).toEqual({ code: 'message_too_long', message: APPLICATION_MESSAGES.messageTooLong });
    const badLink = await apply(creator.cookie, job.id, { message: 'Hello', link: 'ftp://x' });
    expect(badLink.body.error).toEqual({ code: 'invalid_link', message: APPLICATION_MESSAGES.badLink });
    const other = await createSignedInUser(test, { role: 'company' });
    const notOwner = await request(test.app, { method: 'GET', url: `/api/jobs/${job.id}/applications`, cookie: other.cookie });
    expect(notOwner.json().error).toEqual({ code: 'not_job_owner', message: JOB_MESSAGES.notOwner });
    const noFile = await request(test.app, { method: 'GET', url: `/api/jobs/${job.id}/applications/1/file`, cookie: creator.cookie });
    expect(noFile.json().error).toMatchObject({ code: 'file_not_found', message: JOB_MESSAGES.fileNotFound });
  });
});
