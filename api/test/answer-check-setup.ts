import { installAnswerCheck, takeAnswerProblems } from './answer-check';

// Every api suite: a test fails when an answer it received disagrees with the OpenAPI document.
installAnswerCheck();

function failOnProblems(when: string): void {
  const problems = takeAnswerProblems();
  if (problems.length > 0) throw new Error(`${problems.length} answer(s) ${when} disagree with the OpenAPI document:\n- ${problems.join('\n- ')}`);
}

afterEach(() => failOnProblems('received in this test'));
afterAll(() => failOnProblems('received after the last test'));
