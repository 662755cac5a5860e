/** Hands around a growing sprout, drawn here (nothing loads from other hosts). Decorative. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 400 400" aria-hidden="true" focusable="false">
      <circle cx="200" cy="200" r="190" fill="#E8F4EE" />
      <circle cx="300" cy="110" r="44" fill="#F2A33A" opacity="0.9" />
      <path d="M60 300c40-10 90-10 140 0s100 10 140 0v40c-40 10-90 10-140 0s-100-10-140 0z" fill="#C9E4D5" />
      <path d="M200 300V170" stroke="#187A4F" strokeWidth="8" strokeLinecap="round" />
      <path d="M200 190c0-50 30-85 85-85 0 55-32 85-85 85z" fill="#1F8A5B" />
      <path d="M200 220c0-42-28-70-72-70 0 46 28 70 72 70z" fill="#2FA56F" />
      <path d="M110 300c10-30 40-44 70-36l20 6v30z" fill="#F2A33A" />
      <path d="M290 300c-10-30-40-44-70-36l-20 6v30z" fill="#E08F22" />
    </svg>
  );
}
