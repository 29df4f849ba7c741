import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '@pcpp/contracts';
import { accountText } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { downloadMyData } from '../api/account-calls';
import { Muted, Section } from './section';

/** Download my data (GDPR access and portability): one JSON file. */
export function ExportSection() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadMyData();
      toast.success(accountText.exportDone);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section aria-labelledby="settings-export-title">
      <h2 id="settings-export-title">{accountText.exportTitle}</h2>
      <Muted>{accountText.exportWhat}</Muted>
      {failure && <ErrorText role="alert">Your data could not be downloaded: {failure}</ErrorText>}
      <div>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing the file…' : accountText.exportButton}
        </Button>
      </div>
    </Section>
  );
}
