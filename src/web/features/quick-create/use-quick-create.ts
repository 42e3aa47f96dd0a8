import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { RegisterInput } from "../../../shared/auth";
import { useSubmission } from "../../hooks/use-submission";
import { carryToastsToNextPage, toast } from "../../hooks/use-toast";
import { ApiError, errorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useTranslation } from "../../lib/i18n";
import { analyzeImage, streamImageAnalysis } from "../../lib/queries/ai";
import { photoChoicePatch, productFromAnalysis } from "./analysis";
import { useCreateQuickStore } from "./api";
import { LOGIN_FOR_QUICK_CREATE } from "./components/header";
import { type DraftProduct, emptyDraft, type QuickCreateDraft, type StoreDraft } from "./draft";
import { examinePhotos, selectFiles } from "./files";
import {
  type ChosenFile,
  initialState,
  previousStep,
  type QuickCreateState,
  quickCreateReducer,
  resumeStep,
  storeSubmission,
} from "./machine";
import { quickStoreRequest } from "./save-request";
import { draftStorage } from "./storage";

/** How long a finished analysis stays on screen, so the last tick of the progress is seen. */
const FINISHED_PAUSE_MS = 650;

let counter = 0;
function localId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/** Where the flow starts: a pending store to finish after login, the tab's draft, or a fresh one. */
function initialDraft(signedIn: boolean): QuickCreateDraft {
  const pending = draftStorage.readPending();
  if (pending && signedIn) return { ...pending, step: "store" };
  const draft = draftStorage.readSession() ?? pending ?? emptyDraft();
  return { ...draft, step: resumeStep(draft, signedIn) };
}

/**
 * The quick-create machine (machine.ts, decision 0028) wired to the world: the AI calls, the save, the
 * draft in storage, toasts and navigation. Every change of state is an event to the reducer; this hook
 * only decides which event an answer from outside is.
 */
export function useQuickCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, registerMutation } = useAuth();
  const { mutateAsync: createQuickStore } = useCreateQuickStore();
  // One sign-up and one save at a time, however fast the buttons are pressed (decision 0061).
  const registration = useSubmission();
  const saving = useSubmission();
  const [state, dispatch] = useReducer(quickCreateReducer, Boolean(user), (signedIn) =>
    initialState(initialDraft(signedIn)),
  );
  const [startedSignedOut] = useState(() => !user);
  const analysis = useRef<AbortController | null>(null);
  const finishStarted = useRef(false);
  const { draft } = state;
  const step = draft.step;

  useEffect(() => {
    if (step !== "success") draftStorage.writeSession(draft);
  }, [draft, step]);

  // Every move to a step starts at the top of the page.
  useEffect(() => {
    if (state.moves > 0) window.scrollTo({ top: 0 });
  }, [state.moves]);

  useEffect(() => () => analysis.current?.abort(), []);

  const save = useCallback(
    (toSave: QuickCreateDraft, afterLogin: boolean) => {
      void saving.submit(async () => {
        dispatch({ type: "saveStarted" });
        await createQuickStore(quickStoreRequest(toSave), {
          onSuccess: (result) => {
            draftStorage.clearSession();
            draftStorage.clearPending();
            dispatch({ type: "saved", result, products: toSave.products });
          },
          onError: (err) => {
            const status = err instanceof ApiError ? err.status : null;
            dispatch({ type: "saveFailed", status, qrMessage: errorMessage(err, t("errors.qrCodeInvalid")) });
            if (status === 409) {
              requestAnimationFrame(() =>
                document.querySelector<HTMLElement>("main [aria-invalid='true']")?.focus(),
              );
            }
            toast({
              variant: "destructive",
              title: afterLogin ? t("quickCreate.errors.pendingTitle") : t("quickCreate.errors.createTitle"),
              description: afterLogin
                ? t("quickCreate.errors.pendingDescription")
                : t("quickCreate.errors.createDescription"),
            });
          },
        });
      });
    },
    [createQuickStore, saving.submit, t],
  );

  // Back from /login with a pending store (decision 0005): it is saved at once.
  useEffect(() => {
    if (!user || finishStarted.current) return;
    const pending = draftStorage.readPending();
    if (!pending) return;
    finishStarted.current = true;
    draftStorage.clearPending();
    dispatch({ type: "pendingResumed", pending });
    save(pending, true);
  }, [user, save]);

  function analysisFailed(err: unknown, title: string) {
    // The server's own words when it refused the photo itself (it names the file) or asks to wait; a
    // clearer photo is the advice only when the AI could not make anything of it.
    const description =
      err instanceof ApiError && [413, 415, 429].includes(err.status)
        ? errorMessage(err, t("quickCreate.errors.analyzeDescription"))
        : t("quickCreate.errors.analyzeDescription");
    toast({ variant: "destructive", title, description });
  }

  /** A fresh analysis: the one before it, if any, is abandoned. */
  function startAnalysis(): AbortController {
    analysis.current?.abort();
    const controller = new AbortController();
    analysis.current = controller;
    return controller;
  }

  async function analyzeSingle(file: File) {
    const key = localId();
    const [examined] = await examinePhotos([file]);
    const problem = examined?.problem ?? null;
    dispatch({ type: "singlePicked", key, file, problem });
    if (problem) return;
    const controller = startAnalysis();
    analyzeImage(file, { signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        dispatch({ type: "singleAnalysed" });
        window.setTimeout(() => {
          if (controller.signal.aborted) return;
          dispatch({ type: "singleApplied", product: productFromAnalysis(result, file.name, key) });
        }, FINISHED_PAUSE_MS);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        analysisFailed(err, t("aiAnalysis.failedTitle"));
        dispatch({ type: "analysisFailed" });
      },
    );
  }

  async function addFiles(chosen: File[]) {
    const selection = selectFiles(await examinePhotos(chosen), draft.products.length + state.files.length);
    dispatch({
      type: "filesAdded",
      accepted: selection.accepted.map((file) => ({ key: localId(), file })),
      rejections: {
        items: selection.rejected.map((item) => ({ ...item, key: localId() })),
        overflow: selection.overflow,
      },
    });
  }

  async function analyzeMultiple() {
    const batch = state.files;
    dispatch({ type: "multipleStarted" });
    if (batch.length === 0) return;
    const controller = startAnalysis();
    try {
      const items = await streamImageAnalysis(
        batch.map((chosen) => chosen.file),
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (event.type === "start") dispatch({ type: "streamStarted", total: event.total });
            if (event.type !== "result") return;
            const { index, done, total } = event;
            dispatch({ type: "photoAnalysed", index, done, total, error: event.ok ? null : event.error });
          },
        },
      );
      if (controller.signal.aborted) return;
      const byIndex = new Map(items.map((item) => [item.index, item]));
      const added: DraftProduct[] = [];
      const failed: ChosenFile[] = [];
      batch.forEach((chosen, index) => {
        const item = byIndex.get(index);
        if (item?.ok) added.push(productFromAnalysis(item.result, chosen.file.name, chosen.key));
        else
          failed.push({
            ...chosen,
            error: item && !item.ok ? item.error : t("quickCreate.analysis.interrupted"),
          });
      });
      dispatch({ type: "multipleFinished", added, failed });
      if (added.length === 0) {
        analysisFailed(null, t("quickCreate.errors.analyzeManyTitle"));
        return;
      }
      window.setTimeout(() => {
        if (!controller.signal.aborted) dispatch({ type: "analysisShown" });
      }, FINISHED_PAUSE_MS);
    } catch (err) {
      if (controller.signal.aborted || isAbort(err)) return;
      analysisFailed(err, t("quickCreate.errors.analyzeManyTitle"));
      dispatch({ type: "analysisFailed" });
    }
  }

  function back() {
    if (step === "analysis") analysis.current?.abort();
    if (previousStep(step, draft.mode) === "home") navigate("/");
    else dispatch({ type: "back" });
  }

  function submitStore() {
    const outcome = storeSubmission(state, Boolean(user));
    dispatch({ type: "storeSubmitted", signedIn: Boolean(user) });
    if (outcome === "save") save(draft, false);
  }

  function goToLogin() {
    draftStorage.writePending(draft);
    toast({
      title: t("quickCreate.register.loginTitle"),
      description: t("quickCreate.register.loginDescription"),
    });
    // The login page is rendered by the server: a page load, the toast carried along.
    carryToastsToNextPage();
    window.location.assign(LOGIN_FOR_QUICK_CREATE);
  }

  function register(values: RegisterInput) {
    void registration.submit(() => {
      // This draft is the one to save: an older one waiting for a login must not be saved as well.
      draftStorage.clearPending();
      return registerMutation.mutateAsync(values, {
        // The save starts before this sign-up settles: the button goes from one to the other, never free.
        onSuccess: () => save(draft, false),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) goToLogin();
        },
      });
    });
  }

  const onRegistrationChange = useCallback((registration: QuickCreateDraft["registration"]) => {
    dispatch({ type: "registrationChanged", registration });
  }, []);

  return {
    state: state as QuickCreateState,
    creating: saving.pending,
    registering: registration.pending,
    /** The "with account" step indicator stays for a visitor who signed up inside the flow. */
    withAccount: startedSignedOut || !user,
    actions: {
      back,
      analyzeSingle: (file: File) => void analyzeSingle(file),
      addFiles: (files: File[]) => void addFiles(files),
      analyzeMultiple: () => void analyzeMultiple(),
      removeFile: (key: string) => dispatch({ type: "fileRemoved", key }),
      switchToMultiple: () => dispatch({ type: "switchedToMultiple" }),
      continueToStore: () => dispatch({ type: "continuedToStore" }),
      updateProduct: (id: string, patch: Partial<DraftProduct>) =>
        dispatch({ type: "productChanged", id, patch }),
      /** The improved copy (or the photo as taken) becomes the product's photo (decision 0062). */
      choosePhoto: (id: string, useImproved: boolean) => {
        const product = draft.products.find((candidate) => candidate.id === id);
        const patch = product && photoChoicePatch(product, useImproved);
        if (patch) dispatch({ type: "productChanged", id, patch });
      },
      removeProduct: (id: string) => dispatch({ type: "productRemoved", id }),
      mergeProduct: (fromId: string, intoId: string) => dispatch({ type: "productMerged", fromId, intoId }),
      updateStore: (patch: Partial<StoreDraft>) => dispatch({ type: "storeChanged", patch }),
      dismissFailures: () => dispatch({ type: "failuresDismissed" }),
      submitStore,
      register,
      goToLogin,
      onRegistrationChange,
    },
  };
}
