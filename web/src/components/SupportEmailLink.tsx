import { contactRoutes } from '@shared/api/contact';
import { useEffect, useState } from 'react';
import { api } from '../api/client';

let supportEmail: Promise<string | null> | undefined;

/** The support address, asked of the server once per page load (a failure is asked again next time). */
function loadSupportEmail(): Promise<string | null> {
  supportEmail ??= api(contactRoutes.contactDetails).then(
    (details) => details.supportEmail,
    () => {
      supportEmail = undefined;
      return null;
    },
  );
  return supportEmail;
}

/**
 * The address the contact form's messages go to, as a mailto link: the server's SUPPORT_EMAIL, so the
 * legal pages and the contact page name the mailbox that is read (issue 23). Until it is known, or if it
 * cannot be, the words 'our support team'.
 */
export function SupportEmailLink() {
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    let shown = true;
    void loadSupportEmail().then((found) => {
      if (shown) setAddress(found);
    });
    return () => {
      shown = false;
    };
  }, []);
  return address ? <a href={`mailto:${address}`}>{address}</a> : <>our support team</>;
}
