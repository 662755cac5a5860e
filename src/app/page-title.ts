import { useEffect } from 'react';

/** Sets the document title ('Ajuda · Semear'); the home page passes no title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Semear` : 'Semear';
  }, [title]);
}
