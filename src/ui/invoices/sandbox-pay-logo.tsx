/** The sandbox payment provider's mark: a neutral shield, not any real provider's. */
export function SandboxPayLogo() {
  return (
    <svg width={28} height={28} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 2l12 5v8c0 7.5-5.1 13.4-12 15c-6.9-1.6-12-7.5-12-15V7z" fill="#fbbf24" />
      <path d="M11 16.5l3.5 3.5l7-7.5" fill="none" stroke="#1f2937" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
