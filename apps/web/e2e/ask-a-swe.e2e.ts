import { Browser } from 'playwright-core';
import { api, createAccount, launch, newPage, screenshot, seriousA11yViolations, signIn, signUp, uniqueEmail } from './browser';

// Ask a SWE (issue 37) as its users meet it: asked anonymously with a similar question and an interview report suggested,
// answered by someone else, voted on, accepted, and found by search, at 1280 px light and 375 px dark.
jest.setTimeout(120_000);

describe('Ask a SWE (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('asks anonymously, answers, votes, accepts and finds the question', async () => {
    const word = `zq${Date.now().toString(36)}`;
    // Someone asked something like it before: the form suggests it while the title is typed.
    const earlier = await createAccount(uniqueEmail('earlier'));
    await api(earlier, 'POST', '/api/ask-a-swe/questions', {
      title: `How many onsite rounds does the ${word} loop have?`,
      body: 'I have an onsite next month and wonder how long the day is.',
      tags: ['Array'],
    });
    // And a candidate reported such a loop: the form suggests the report too.
    const company = `Loop Labs ${word}`;
    const { data: made } = await api(earlier, 'POST', '/api/all-companies', { name: company });
    await api(earlier, 'POST', '/api/candidate-interviews', {
      company_id: made.id,
      level: 'Intern',
      title: 'Production Engineer',
      interview_process: [
        { round: 'Leetcode (DSA)', asked: `The ${word} loop: four onsite rounds.`, problems: ['LRU Cache'] },
        { round: 'System Design', asked: 'A rate limiter.' },
      ],
    });

    const asker = await newPage(browser);
    await signUp(asker.page, uniqueEmail('asker'), { at: '/ask-a-swe/ask' });
    const page = asker.page;
    await page.getByRole('heading', { name: 'Ask a question' }).waitFor();
    await page.getByLabel('Title').fill(`How many onsite rounds does the ${word} loop take?`);
    await page
      .getByRole('list', { name: 'Similar questions' })
      .getByRole('link', { name: `How many onsite rounds does the ${word} loop have?` })
      .waitFor();
    const report = page.getByRole('list', { name: 'Interview reports' }).getByRole('listitem').filter({ hasText: company });
    await report.getByRole('link', { name: `${company} · Intern · Production Engineer` }).waitFor();
    await report.getByText('2 rounds').waitFor();
    // Its link opens the company's reports narrowed to the report's level and title, where it is.
    const reportPage = await asker.context.newPage();
    await reportPage.goto((await report.getByRole('link').getAttribute('href'))!);
    const card = reportPage.getByTestId('interview-card');
    await card.getByTestId('card-company').filter({ hasText: company }).waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.getByTestId('card-role').textContent()).toBe('Intern · Production Engineer');
    await reportPage.close();
    await page
      .getByRole('textbox', { name: 'Question' })
      .fill(`Is there a coding round after lunch?\n\n\`\`\`python\ndef rounds(${word}):\n    return 4\n\`\`\``);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.locator('code.hljs').waitFor();
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Array' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Ask anonymously' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ask-a-swe-ask');
    await page.getByRole('button', { name: 'Post your question' }).click();
    await page.getByRole('heading', { level: 1, name: `How many onsite rounds does the ${word} loop take?` }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    // The asker sees themselves as everyone does, and may not vote on their own question.
    await page.getByRole('article').getByText('Anonymous', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Up-vote this question (You cannot vote on your own post)' }).isDisabled()).toBe(true);

    // A second member answers (through the API, as the form is the asker's page's subject).
    const answererEmail = uniqueEmail('answerer');
    const answerer = await createAccount(answererEmail);
    await api(answerer, 'POST', `/api/ask-a-swe/questions/${id}/answers`, { body: 'Four rounds: two coding, one design and one behavioural.' });
    await page.reload();
    const answer = page.getByTestId('answer');
    await answer.getByText('Four rounds: two coding').waitFor();
    await answer.getByRole('button', { name: /^Up-vote answer by / }).click();
    await answer.getByTestId('answer-score').filter({ hasText: '1' }).waitFor();
    await answer.getByRole('button', { name: /^Accept the answer by / }).click();
    await answer.getByText('Accepted answer').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ask-a-swe-question');
    await asker.context.close();

    // The answerer, on a phone in the dark: the asker is "Anonymous", and search finds the question.
    const reader = await newPage(browser, { width: 375, height: 812 }, 'dark');
    await signIn(reader.page, answererEmail, { at: `/ask-a-swe/${id}` });
    const article = reader.page.getByRole('article');
    await article.getByText('Anonymous', { exact: true }).waitFor();
    await reader.page.getByTestId('answer').getByText('Accepted answer').waitFor();
    expect(await seriousA11yViolations(reader.page)).toEqual([]);
    await screenshot(reader.page, 'ask-a-swe-question-phone-dark');
    await reader.page.goto(`/ask-a-swe?q=${word}`);
    const rows = reader.page.getByTestId('question-row');
    await rows
      .filter({ hasText: `How many onsite rounds does the ${word} loop take?` })
      .getByText(/Anonymous · asked/)
      .waitFor();
    expect(await seriousA11yViolations(reader.page)).toEqual([]);
    await screenshot(reader.page, 'ask-a-swe-search-phone-dark');
    // Asking on the phone: the report is suggested there too, the title's quotes, minus and "or" read as plain words.
    await reader.page.goto('/ask-a-swe/ask');
    await reader.page.getByLabel('Title').fill(`What does the "${word}" -loop ask? (or not`);
    await reader.page
      .getByRole('list', { name: 'Interview reports' })
      .getByRole('link', { name: `${company} · Intern · Production Engineer` })
      .waitFor();
    expect(await seriousA11yViolations(reader.page)).toEqual([]);
    await screenshot(reader.page, 'ask-a-swe-ask-phone-dark');
    await reader.context.close();
  });
});
