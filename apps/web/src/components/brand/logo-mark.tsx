/** The 金法课堂 mark: a gold shield (trust, law) around an open book (learning). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="#fff" fillOpacity=".12" />
      <path
        d="M32 9 51 16v14c0 11.6-8 20.5-19 24-11-3.5-19-12.4-19-24V16z"
        fill="none"
        stroke="#c9a45c"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M20 26c4.2-1.6 8.2-1.3 12 1.2v15.2c-3.8-2.5-7.8-2.8-12-1.2z" fill="#fff" />
      <path d="M44 26c-4.2-1.6-8.2-1.3-12 1.2v15.2c3.8-2.5 7.8-2.8 12-1.2z" fill="#f4e9d2" />
    </svg>
  );
}
