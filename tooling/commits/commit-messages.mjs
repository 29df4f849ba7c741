// The commit message rule (CONTRIBUTING.md): a subject of at most 72 characters, a blank line, then
// a body saying what and why. `npm test` checks every commit newer than BASELINE; older history
// predates the rule and is left alone.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** main's tip when the rule began to be checked; commits after it must follow the rule. */
export const BASELINE = '5a344c9af9a7d0b51e752ecd715d91fb2a812b5c';
export const MAX_SUBJECT_LENGTH = 72;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * What is wrong with one commit message; empty when it follows the rule. A merge commit needs no
 * body (git writes its message), but its subject is held to the same length.
 * @param {string} message the raw message (`git log --format=%B`)
 * @param {{ merge?: boolean }} [options]
 * @returns {string[]}
 */
export function messageProblems(message, { merge = false } = {}) {
  const lines = message.replace(/\s+$/, '').split('\n');
  const [subject = '', second, ...rest] = lines;
  const problems = [];
  if (!subject.trim()) problems.push('the subject (first line) is empty');
  const length = [...subject].length;
  if (length > MAX_SUBJECT_LENGTH) problems.push(`the subject is ${length} characters, more than ${MAX_SUBJECT_LENGTH}`);
  if (second !== undefined && second.trim() !== '') problems.push('the second line must be blank, between the subject and the body');
  else if (!merge && !rest.some((line) => line.trim())) problems.push('there is no body after the blank line saying what and why');
  return problems;
}

/** @param {string[]} args */
function git(args, cwd = root) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The commits of HEAD newer than the baseline that break the rule. Commits reachable from HEAD but
 * not from the baseline yet written before it (a branch started earlier and merged later) count as
 * old history too.
 * @param {{ cwd?: string, baseline?: string, head?: string }} [options]
 * @returns {{ commit: string, subject: string, problems: string[] }[]}
 */
export function commitsBreakingTheRule({ cwd = root, baseline = BASELINE, head = 'HEAD' } = {}) {
  try {
    git(['cat-file', '-e', `${baseline}^{commit}`], cwd);
  } catch {
    throw new Error(
      `The commit message check starts at ${baseline.slice(0, 7)}, which this clone does not have: clone the repository with its full history (no --depth).`,
    );
  }
  const since = Number(git(['log', '-1', '--format=%ct', baseline], cwd).trim());
  // NUL between fields and records: messages hold newlines.
  const log = git(['log', '-z', '--format=%H%x00%ct%x00%P%x00%B', `${baseline}..${head}`], cwd);
  const fields = log.split('\0');
  const broken = [];
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const [commit, committed, parents, message] = fields.slice(i, i + 4);
    if (Number(committed) < since) continue;
    const problems = messageProblems(message, { merge: parents.trim().split(' ').length > 1 });
    if (problems.length) broken.push({ commit: commit.replace(/^\n/, ''), subject: message.split('\n')[0], problems });
  }
  return broken;
}

/** @param {{ commit: string, subject: string, problems: string[] }[]} broken */
export function report(broken) {
  return broken
    .map(({ commit, subject, problems }) => `${commit.slice(0, 10)} "${subject.length > 80 ? `${subject.slice(0, 77)}...` : subject}"\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const broken = commitsBreakingTheRule();
  if (broken.length) {
    console.error(`${broken.length} commit message(s) break the rule in CONTRIBUTING.md (subject at most ${MAX_SUBJECT_LENGTH} characters, a blank line, a body):\n${report(broken)}\nFix them with git rebase -i (reword) before they reach main.`);
    process.exit(1);
  }
  console.log(`every commit since ${BASELINE.slice(0, 7)} follows the commit message rule`);
}
