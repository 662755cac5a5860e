/** A sprout: two leaves on a stem (decorative; the link around it carries the name). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#E8F4EE" />
      <path d="M16 27V15" stroke="#187A4F" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M16 16c0-5 3.5-8.5 9-8.5 0 5.5-3.5 8.5-9 8.5z" fill="#1F8A5B" />
      <path d="M16 19c0-4-3-7-8-7 0 4.5 3 7 8 7z" fill="#F2A33A" />
    </svg>
  );
}
