import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** Toasts stay 5 s and never show twice at once (playback-and-social §9). */
export const TOAST_TIMEOUT_MS = 5_000;

type Toast = { id: number; message: string };

const ToastContext = createContext<(message: string) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const show = useCallback((message: string) => {
    setToasts((list) => {
      if (list.some((t) => t.message === message)) return list;
      const id = nextId.current++;
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setToasts((l) => l.filter((t) => t.id !== id));
      }, TOAST_TIMEOUT_MS);
      timers.current.add(timer);
      return [...list, { id, message }];
    });
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className="toast" data-testid="toast">
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
