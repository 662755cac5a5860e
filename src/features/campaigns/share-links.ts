/** Where a share button sends people. WhatsApp comes first: it is how most Brazilians share. */
export type ShareNetwork = 'whatsapp' | 'facebook' | 'x' | 'linkedin' | 'email';

export interface ShareTarget {
  network: ShareNetwork;
  href: string;
}

/**
 * The share links for `url`, in the order the page shows them. `text` is the invitation that goes
 * with the link where the network takes one (WhatsApp, X, e-mail body); `subject` is the e-mail's.
 */
export function shareTargets({ url, text, subject }: { url: string; text: string; subject: string }): ShareTarget[] {
  const u = encodeURIComponent(url);
  return [
    { network: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'x', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}` },
    { network: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'email', href: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${text}\n\n${url}`)}` },
  ];
}

/** The absolute address of a path on this site (shared links need the host). */
export const absoluteUrl = (path: string): string => new URL(path, window.location.origin).toString();
