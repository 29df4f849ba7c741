import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { errorMessage, useAuth } from '@pcpp/contracts';
import {
  BUILD_NAME_MAX,
  type BuildInput,
  DEFAULT_BUILD_NAME,
  type EncodedBuild,
  MY_BUILDS_PATH,
  loginReasons,
  savedBuildHref,
} from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { Link } from '@pcpp/contracts/router';
import { useSaveBuild } from '../api/save-build';

const Box = styled.div`
  display: grid;
  gap: 12px;
  h3 { margin: 0; font-size: 1.05rem; }
  p { margin: 0; color: var(--color-muted); font-size: 0.95rem; }
  .buttons { display: flex; flex-wrap: wrap; gap: 8px; }
  .share { display: flex; gap: 8px; input { flex: 1; min-width: 0; } }
  [role='status'] { color: var(--color-success); font-weight: 600; }
`;

const noChange = () => () => {};
/** The page's own address, absolute, in the browser; none on a server (the first render may run there). */
function usePageAddress(): string {
  const location = useLocation();
  const origin = useSyncExternalStore(noChange, () => window.location.origin, () => '');
  return origin ? `${origin}${location.pathname}${location.search}` : '';
}

/** Copies text, and says so for a few seconds. */
function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string, label: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(label);
    } catch {
      setCopied('Select the link and copy it: this browser did not let the page copy it.');
    }
  };
  return { copied, copy };
}

/**
 * Save and share. A visitor's build lives in the address until saved (the link in the address
 * bar is the build); saving needs an account and keeps the build under My Builds with a short
 * link anyone can open.
 */
export function SaveBuildPanel({
  build,
  savedId,
  savedName,
  edited,
}: {
  build: EncodedBuild;
  /** The saved build on show or being changed. */
  savedId?: string;
  savedName?: string;
  /** The build differs from the saved one (or was never saved). */
  edited: boolean;
}) {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const location = useLocation();
  const address = usePageAddress();
  const save = useSaveBuild();
  const { copied, copy } = useCopy();
  const [name, setName] = useState(savedName ?? DEFAULT_BUILD_NAME);
  const [nameError, setNameError] = useState<string | null>(null);
  const empty = !build.cpu && Object.values(build.parts).every((id) => !id);

  const submit = async (asNew: boolean) => {
    // The name's schema (and zod) load with the first save, not with the builder.
    const { buildNameSchema } = await import('@pcpp/contracts/core');
    const parsed = buildNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]!.message);
      return;
    }
    setNameError(null);
    const input: BuildInput = { name: parsed.data, parts: build.parts, cpu: build.cpu };
    save.mutate(
      { id: asNew ? undefined : savedId, build: input },
      { onSuccess: ({ _id }) => navigate(savedBuildHref(_id), { replace: true, state: { justSaved: true } }) },
    );
  };

  const justSaved = (location.state as { justSaved?: boolean } | null)?.justSaved === true && !edited;

  return (
    <Box>
      <h3>Save and share</h3>
      {savedId && !edited ? (
        <>
          {justSaved && <p role="status">Saved. It is in My Builds; anyone with the link can open it.</p>}
          <p>Anyone with this link sees the build with today’s prices and stock, signed in or not.</p>
          <div className="share">
            <input aria-label="Link to this build" readOnly value={address} onFocus={(event) => event.currentTarget.select()} />
            <Button type="button" $variant="secondary" onClick={() => void copy(address, 'Link copied.')} disabled={!address}>
              Copy link
            </Button>
          </div>
        </>
      ) : (
        <p>
          {empty
            ? 'Choose a part or your CPU first.'
            : 'Until you save it, the build lives in this page’s address: copy the link to share it as it is.'}
        </p>
      )}
      {!empty && (!savedId || edited) && (
        <div className="buttons">
          <Button type="button" $variant="secondary" onClick={() => void copy(address, 'Link copied.')} disabled={!address}>
            Copy link
          </Button>
        </div>
      )}
      {copied && <p role="status">{copied}</p>}

      {status === 'signedIn' && !empty && (
        <>
          <Field id="build-name" label="Build name" error={nameError ?? undefined}>
            <input
              id="build-name"
              value={name}
              maxLength={BUILD_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              {...fieldAria('build-name', nameError ?? undefined)}
            />
          </Field>
          <div className="buttons">
            {savedId && edited ? (
              <>
                <Button type="button" disabled={save.isPending} onClick={() => void submit(false)}>
                  {save.isPending ? 'Saving…' : 'Save changes'}
                </Button>
                <Button type="button" $variant="secondary" disabled={save.isPending} onClick={() => void submit(true)}>
                  Save as a new build
                </Button>
              </>
            ) : savedId ? (
              <Button type="button" $variant="secondary" disabled={save.isPending} onClick={() => void submit(true)}>
                {save.isPending ? 'Saving…' : 'Save a copy'}
              </Button>
            ) : (
              <Button type="button" disabled={save.isPending} onClick={() => void submit(true)}>
                {save.isPending ? 'Saving…' : 'Save build'}
              </Button>
            )}
          </div>
          {save.isError && <ErrorText role="alert">The build was not saved: {errorMessage(save.error)}</ErrorText>}
          <p>
            Your saved builds are in <Link to={MY_BUILDS_PATH}>My Builds</Link>.
          </p>
        </>
      )}
      {status === 'signedOut' && !empty && (
        <Button
          type="button"
          onClick={() =>
            navigate('/login', {
              state: { from: { pathname: location.pathname, search: location.search, hash: '' }, reason: loginReasons.toSaveBuild },
            })
          }
        >
          Log in to save
        </Button>
      )}
    </Box>
  );
}
