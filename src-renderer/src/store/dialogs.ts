import type { StateCreator } from 'zustand';
import type { AppState } from './index.ts';

/** Questions an action asks the user mid-flight; the dialog answers through `resolve`. */
export interface ConsentPrompt {
  resolve(allow: boolean): void;
}

export interface DialogSlice {
  /** Set while the "store the key without a keychain?" dialog is open. */
  consentPrompt: ConsentPrompt | null;
  askPlaintextConsent(): Promise<boolean>;
  answerPlaintextConsent(allow: boolean): void;
}

export const createDialogSlice: StateCreator<AppState, [], [], DialogSlice> = (set, get) => ({
  consentPrompt: null,
  askPlaintextConsent: () =>
    new Promise<boolean>((resolve) => {
      // A second question while one is open answers the first one "no" rather than leaving it hanging.
      get().consentPrompt?.resolve(false);
      set({ consentPrompt: { resolve } });
    }),
  answerPlaintextConsent: (allow) => {
    const prompt = get().consentPrompt;
    set({ consentPrompt: null });
    prompt?.resolve(allow);
  },
});
