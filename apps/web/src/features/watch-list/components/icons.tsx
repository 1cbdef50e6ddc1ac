/** The watch-list icon: a plus, or a check when the title is in the list. */
export function ListIcon({ inList }: { inList: boolean }) {
  return (
    <svg className="wl-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {inList ? (
        <path d="M4.5 12.5l5 5 10-11" fill="none" stroke="currentColor" strokeWidth="2.5" />
      ) : (
        <path d="M12 4v16M4 12h16" fill="none" stroke="currentColor" strokeWidth="2.5" />
      )}
    </svg>
  );
}

/** The favorite icon: a heart, filled when favorited. */
export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="wl-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
