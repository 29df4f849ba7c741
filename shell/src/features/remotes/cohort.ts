import { COHORT_COOKIE, COHORT_ID_PATTERN, COHORT_STORAGE_KEY } from '@pcpp/contracts/core';

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** 16 random bytes as base64url: 22 characters, nothing about the person. */
function newCohortId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function cookieValue(cookies: string, name: string): string | undefined {
  return cookies
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

const valid = (id: string | null | undefined): id is string => typeof id === 'string' && COHORT_ID_PATTERN.test(id);

/**
 * This browser's cohort: a random id kept in localStorage (a rollout serves its candidate to some
 * cohorts: the same browser keeps its version across reloads). Its first page from the shell's
 * server may bring one in the cookie (the server chose that page's versions with it); the id is
 * mirrored in the cookie so the server renders what the browser then loads.
 */
export function browserCohort(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage(), doc: Pick<Document, 'cookie'> = document): string {
  let id = storage?.getItem(COHORT_STORAGE_KEY);
  if (!valid(id)) id = cookieValue(doc.cookie, COHORT_COOKIE);
  if (!valid(id)) id = newCohortId();
  try {
    storage?.setItem(COHORT_STORAGE_KEY, id);
  } catch {
    // Storage full or refused: the cookie keeps it.
  }
  if (cookieValue(doc.cookie, COHORT_COOKIE) !== id) {
    doc.cookie = `${COHORT_COOKIE}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  }
  return id;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (a privacy setting): the cookie alone.
    return null;
  }
}
