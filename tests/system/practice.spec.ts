import { supabaseClient } from '@app/service-kit/testing';
import { body, startStack, Stack } from './stack';

/** The problem-review loop through the gateway, with a real identity token. */
describe('practice through the gateway', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('adds a question, logs a computed review, and sees its retention', async () => {
    const { data } = await supabaseClient(stack.url).auth.signUp({ email: `loop.${Date.now()}@example.com`, password: 'secret123' });
    const headers = { Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${stack.url}/api/leetcode-questions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Two Sum', difficulty: 'Easy', tags: 'arrays, hash table' }),
    });
    expect(created.status).toBe(201);
    const question = (await body(created)).data;
    const logged = await fetch(`${stack.url}/api/leetcode-questions/${question.id}/session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question_id: question.id, correctness: 0, confidence: 0, timer: 4, notes: null, errors: ['time_limit_exceeded'], submissions: 2 }),
    });
    expect(logged.status).toBe(201);
    expect((await body(logged)).data).toMatchObject({ correctness: 80, confidence: 70 });
    const list = await body(await fetch(`${stack.url}/api/leetcode-questions`, { headers }));
    expect(list).toEqual([expect.objectContaining({ id: question.id, tags: 'arrays,hash table', session_count: 1, retention: 75 })]);
    const anonymous = await fetch(`${stack.url}/api/leetcode-questions`);
    expect(anonymous.status).toBe(401);
  });
});
