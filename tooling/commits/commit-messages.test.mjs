// The commit message rule, on made-up messages and a scratch repository, then on this repository.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { commitsBreakingTheRule, messageProblems, report } from './commit-messages.mjs';

test('a subject of at most 72 characters, a blank line and a body pass', () => {
  assert.deepEqual(messageProblems(`${'a'.repeat(72)}\n\nWhat and why.\n`), []);
  assert.deepEqual(messageProblems('Merge branch \'feat/x\' into main\n', { merge: true }), []);
});

test('names each way a message breaks the rule', () => {
  assert.deepEqual(messageProblems(`${'é'.repeat(73)}\n\nBody.`), ['the subject is 73 characters, more than 72']);
  assert.deepEqual(messageProblems('Subject\nBody glued to it'), ['the second line must be blank, between the subject and the body']);
  assert.deepEqual(messageProblems('Subject only\n'), ['there is no body after the blank line saying what and why']);
  assert.deepEqual(messageProblems('Subject\n\n\n'), ['there is no body after the blank line saying what and why']);
  assert.deepEqual(messageProblems(`Merge ${'x'.repeat(80)}`, { merge: true }), ['the subject is 86 characters, more than 72']);
  assert.deepEqual(messageProblems('\n\nBody'), ['the subject (first line) is empty']);
});

test('checks only commits newer than the baseline, and names the one that broke the rule', (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commit-rule-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  /** @param {string[]} args @param {string} [date] */
  const git = (args, date) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date },
    }).trim();
  /** @param {string} message @param {string} date */
  const commit = (message, date) => {
    git(['commit', '--allow-empty', '-q', '-m', message], date);
    return git(['rev-parse', 'HEAD'], date);
  };
  git(['init', '-q', '-b', 'main']);
  commit(`An old subject far longer than seventy-two characters, from before the rule existed`, '2026-01-01T00:00:00Z');
  git(['checkout', '-q', '-b', 'old-branch']);
  commit('old branch: a subject without a body, written before the baseline', '2026-01-02T00:00:00Z');
  git(['checkout', '-q', 'main']);
  const baseline = commit('Baseline\n\nThe rule starts here.', '2026-01-03T00:00:00Z');
  const good = commit('A good subject\n\nWhat changed and why.', '2026-01-04T00:00:00Z');
  const bad = commit(`A new subject that goes on and on well past the seventy-two character limit\n\nBody.`, '2026-01-05T00:00:00Z');
  git(['merge', '-q', '--no-ff', '-m', "Merge branch 'old-branch'", 'old-branch'], '2026-01-06T00:00:00Z');

  const broken = commitsBreakingTheRule({ cwd: dir, baseline });
  assert.deepEqual(broken.map((b) => b.commit), [bad]);
  assert.notEqual(bad, good);
  assert.match(report(broken), new RegExp(`^${bad.slice(0, 10)} "A new subject.*\\n  - the subject is 75 characters, more than 72$`));

  assert.throws(() => commitsBreakingTheRule({ cwd: dir, baseline: 'f'.repeat(40) }), /clone the repository with its full history/);
});

test('every commit of this repository since the baseline follows the rule', () => {
  const broken = commitsBreakingTheRule();
  assert.equal(report(broken), '', 'reword these commits (git rebase -i) before they reach main');
});
