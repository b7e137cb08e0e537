import { Browser, Page } from 'playwright-core';
import { api, createAccount, grantModerator, launch, newPage, screenshot, seriousA11yViolations, signedUpToken, signIn, tokenOf, uniqueEmail } from './browser';

jest.setTimeout(480_000);

const toastWith = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const narrowEnough = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

interface Listed {
  id: string;
  title: string;
  link: string;
  compensation: number;
  badge: string | null;
  company: string | null;
  locations: string[];
  kind: string | null;
  deadline: string | null;
}

describe('moderation: a moderator corrects the link and details before approving, and pages the listed ones (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('corrects an opportunity and a resource at 1280 px (a link listed already is refused at the field), pages the listed ones at 1280 and 375 px', async () => {
    const tag = Date.now().toString(36);
    const modEmail = uniqueEmail('modfix');
    await createAccount(modEmail);
    grantModerator(modEmail);
    const modToken = await tokenOf(modEmail);

    // 24 listed opportunities (three sharers, under the daily cap each), so the Listed view has a second page.
    const sharers = await Promise.all([0, 1, 2].map((i) => signedUpToken(`lister${i}`)));
    const listed: Array<{ data: { id: string; title: string; link: string } }> = [];
    for (const [i, sharer] of sharers.entries())
      for (let n = 0; n < 8; n++)
        listed.push(
          (await api(sharer.token, 'POST', '/api/pathfinder', {
            title: `Listed ${tag} ${i}-${n}`,
            description: 'Already on the board',
            link: `https://listed.example.com/${tag}/${i}-${n}`,
          })) as { data: { id: string; title: string; link: string } },
        );
    for (const { data } of listed) await api(modToken, 'PATCH', `/api/pathfinder/${data.id}`, { status: 'approved' });
    const taken = listed[0].data;

    const submitter = await signedUpToken('fixme');
    const typo = `swe intren ${tag}`;
    const typoLink = `https://jobs.example.com/${tag}/apply-here-typo`;
    await api(submitter.token, 'POST', '/api/pathfinder', { title: typo, description: 'apply here', link: typoLink });
    const later = `Data intern ${tag}`;
    await api(submitter.token, 'POST', '/api/pathfinder', { title: later, description: 'for later', link: `https://jobs.example.com/${tag}/later` });
    const resource = `cheatsheet ${tag}`;
    await api(submitter.token, 'POST', '/api/external-resources', {
      title: resource,
      description: 'patterns',
      url: `https://cheatsheet.example.org/${tag}?utm_source=mail`,
      author: 'someone',
    });

    const { context, page } = await newPage(browser, { width: 1280, height: 900 }, 'light');
    page.setDefaultTimeout(60_000);
    await signIn(page, modEmail, { at: '/moderation' });
    const queued = page.getByTestId('queued-opportunity').filter({ hasText: typoLink });
    await queued.getByRole('button', { name: `Edit ${typo}` }).click();
    const form = page.getByRole('form', { name: `Correct ${typo}` });
    await form.getByLabel('Title').fill(`Software Engineering Intern ${tag}`);

    // A link already listed: refused at the field, saying where it is, with a way there; nothing approved.
    await form.getByLabel('Application link').fill(`${taken.link}/?utm_campaign=x`);
    await form.getByRole('button', { name: `Save and approve ${typo}` }).click();
    const refusal = `This link is already listed: “${taken.title}”`;
    await form.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await form.getByRole('link', { name: 'See it in the list' }).waitFor();
    expect(await form.getByLabel('Application link').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'moderation-correct-duplicate-1280-light');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A malformed correction is refused at its field before any call.
    await form.getByLabel('Application link').fill('javascript:alert(1)');
    await form.getByRole('button', { name: `Save and approve ${typo}` }).click();
    await form.getByRole('alert').filter({ hasText: 'Please enter a valid URL.' }).waitFor();

    // The link and the details corrected, then approved.
    const fixedLink = `https://careers.example.com/${tag}/software-engineering-intern`;
    await form.getByLabel('Application link').fill(fixedLink);
    await form.getByLabel('Compensation (USD, optional)').fill('7500');
    await form.getByLabel('Selective program').check();
    await form.getByLabel('Company').fill(`Acme ${tag}`);
    await form.getByLabel('Locations (comma-separated)').fill('London, Berlin');
    await form.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Internship', exact: true }).click();
    await form.getByLabel('Application deadline').fill('2099-01-31');
    await screenshot(page, 'moderation-correct-1280-light');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: `Save and approve ${typo}` }).click();
    await toastWith(page, 'Opportunity approved');
    const shown = (await api(modToken, 'GET', `/api/pathfinder?q=${encodeURIComponent(`Software Engineering Intern ${tag}`)}`)) as Listed[];
    expect(shown[0]).toMatchObject({
      title: `Software Engineering Intern ${tag}`,
      link: fixedLink,
      compensation: 7500,
      badge: 'Selective',
      company: `Acme ${tag}`,
      locations: ['London', 'Berlin'],
      kind: 'internship',
      deadline: '2099-01-31',
    });

    // The Listed view: a page of 20 (other tests' listed ones may be among them), the rest on asking, until none is left.
    const listedItems = page.getByTestId('listed-opportunity');
    await listedItems.nth(19).waitFor();
    expect(await listedItems.count()).toBe(20);
    const more = page.getByRole('button', { name: 'Show more listed opportunities' });
    while ((await more.count()) > 0) {
      const before = await listedItems.count();
      await more.click();
      await listedItems.nth(before).waitFor();
    }
    const titles = await listedItems.getByRole('heading').allTextContents();
    expect(titles).toEqual(expect.arrayContaining([...listed.map(({ data }) => data.title), `Software Engineering Intern ${tag}`]));
    expect(new Set(titles).size).toBe(titles.length);

    // A resource: its link and author corrected.
    await page.getByRole('tab', { name: /Resources/ }).click();
    await page.waitForURL(/[?&]tab=resources/);
    await page
      .getByTestId('queued-resource')
      .filter({ hasText: resource })
      .getByRole('button', { name: `Edit ${resource}` })
      .click();
    const resourceForm = page.getByRole('form', { name: `Correct ${resource}` });
    await resourceForm.getByLabel('Title').fill(`Interview Cheatsheet ${tag}`);
    await resourceForm.getByLabel('Link').fill(`https://cheatsheet.example.org/${tag}`);
    await resourceForm.getByLabel('Author').fill('Tech Interview Handbook');
    await screenshot(page, 'moderation-correct-resource-1280-light');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await resourceForm.getByRole('button', { name: `Save and approve ${resource}` }).click();
    await toastWith(page, 'Resource approved');
    await page
      .getByTestId('listed-resource')
      .filter({ hasText: `Interview Cheatsheet ${tag}` })
      .waitFor();
    const resources = (await api(modToken, 'GET', '/api/external-resources?status=approved')) as Array<{ title: string; url: string; author: string }>;
    expect(resources.find((r) => r.title === `Interview Cheatsheet ${tag}`)).toMatchObject({
      url: `https://cheatsheet.example.org/${tag}`,
      author: 'Tech Interview Handbook',
    });
    await context.close();

    // At 375 px: the correction form and the Listed view's second page fit the phone.
    const phone = await newPage(browser, { width: 375, height: 800 }, 'dark');
    phone.page.setDefaultTimeout(60_000);
    await signIn(phone.page, modEmail, { at: '/moderation?tab=opportunities' });
    await phone.page.getByRole('button', { name: `Edit ${later}` }).click();
    await phone.page
      .getByRole('form', { name: `Correct ${later}` })
      .getByLabel('Application link')
      .waitFor();
    await narrowEnough(phone.page);
    await screenshot(phone.page, 'moderation-correct-375-dark');
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.page
      .getByRole('form', { name: `Correct ${later}` })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await phone.page.getByRole('button', { name: 'Show more listed opportunities' }).click();
    await phone.page.getByTestId('listed-opportunity').nth(20).waitFor();
    await narrowEnough(phone.page);
    await screenshot(phone.page, 'moderation-listed-pages-375-dark');
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
