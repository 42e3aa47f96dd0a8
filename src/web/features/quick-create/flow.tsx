import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { RegisterInput } from "../../../shared/auth";
import { Spinner } from "../../components/ui/spinner";
import { carryToastsToNextPage, toast } from "../../hooks/use-toast";
import { ApiError, errorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useTranslation } from "../../lib/i18n";
import { analyzeImage, streamImageAnalysis } from "../../lib/queries/ai";
import { type QuickStoreResult, useCreateQuickStore } from "./api";
import { LOGIN_FOR_QUICK_CREATE } from "./components/header";
import { StepFrame } from "./components/step-frame";
import {
  type DraftProduct,
  draftStorage,
  emptyDraft,
  fileProblem,
  previousStep,
  productFromAnalysis,
  type QuickCreateDraft,
  type QuickCreateStep,
  quickStoreRequest,
  resumeStep,
  type StoreDraft,
  selectFiles,
  validateDraft,
} from "./draft";
import { type AnalysisRun, AnalysisStep } from "./steps/analysis-step";
import type { FrameProps } from "./steps/frame-props";
import { RegisterStep } from "./steps/register-step";
import { type AnalysisFailure, StoreStep } from "./steps/store-step";
import { SuccessStep } from "./steps/success-step";
import { type ChosenFile, type Rejections, UploadMultipleStep } from "./steps/upload-multiple-step";
import { UploadStep } from "./steps/upload-step";

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

/** Spec 2.14 and D5: upload, analysis, store, register (signed out only), success; public to the end. */
export function QuickCreateFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, registerMutation } = useAuth();
  const { mutate: createQuickStore, isPending: creating } = useCreateQuickStore();
  const [draft, setDraft] = useState<QuickCreateDraft>(() => initialDraft(Boolean(user)));
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [rejections, setRejections] = useState<Rejections | null>(null);
  const [singleError, setSingleError] = useState<string | null>(null);
  const [run, setRun] = useState<AnalysisRun | null>(null);
  const [failures, setFailures] = useState<AnalysisFailure[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [qrTaken, setQrTaken] = useState<string | null>(null);
  const [created, setCreated] = useState<{ result: QuickStoreResult; products: DraftProduct[] } | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [moved, setMoved] = useState(false);
  const [startedSignedOut] = useState(() => !user);
  const analysis = useRef<AbortController | null>(null);
  const finishStarted = useRef(false);

  const step = draft.step;

  useEffect(() => {
    if (step !== "success") draftStorage.writeSession(draft);
  }, [draft, step]);

  useEffect(() => () => analysis.current?.abort(), []);

  const go = useCallback((next: QuickCreateStep) => {
    setDraft((current) => ({ ...current, step: next }));
    setMoved(true);
    window.scrollTo({ top: 0 });
  }, []);

  const save = useCallback(
    (toSave: QuickCreateDraft, afterLogin: boolean) => {
      setQrTaken(null);
      createQuickStore(quickStoreRequest(toSave), {
        onSuccess: (result) => {
          draftStorage.clearSession();
          draftStorage.clearPending();
          setCreated({ result, products: toSave.products });
          setFinishing(false);
          go("success");
        },
        onError: (err) => {
          setFinishing(false);
          if (err instanceof ApiError && err.status === 409) {
            setQrTaken(errorMessage(err, t("errors.qrCodeInvalid")));
            setShowErrors(true);
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
          go(err instanceof ApiError && err.status === 401 ? "register" : "store");
        },
      });
    },
    [createQuickStore, go, t],
  );

  // Back from /login with a pending store (D5): it is saved at once.
  useEffect(() => {
    if (!user || finishStarted.current) return;
    const pending = draftStorage.readPending();
    if (!pending) return;
    finishStarted.current = true;
    draftStorage.clearPending();
    setDraft({ ...pending, step: "store" });
    setFinishing(true);
    save(pending, true);
  }, [user, save]);

  function analysisFailed(err: unknown, title: string) {
    const description =
      err instanceof ApiError && err.status === 429
        ? errorMessage(err, t("quickCreate.errors.analyzeDescription"))
        : t("quickCreate.errors.analyzeDescription");
    toast({ variant: "destructive", title, description });
  }

  function analyzeSingle(file: File) {
    const problem = fileProblem(file, "single");
    setSingleError(problem);
    if (problem) return;
    analysis.current?.abort();
    const controller = new AbortController();
    analysis.current = controller;
    const key = localId();
    setRun({ mode: "single", photos: [{ key, file, status: "waiting" }], total: 1, done: 0 });
    setDraft((current) => ({ ...current, mode: "single" }));
    go("analysis");
    analyzeImage(file, { signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setRun((current) => current && { ...current, done: 1, photos: [{ key, file, status: "done" }] });
        window.setTimeout(() => {
          if (controller.signal.aborted) return;
          setFailures([]);
          setShowErrors(false);
          setDraft((current) => ({ ...current, products: [productFromAnalysis(result, file.name, key)] }));
          go("store");
        }, FINISHED_PAUSE_MS);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        analysisFailed(err, t("aiAnalysis.failedTitle"));
        go("upload");
      },
    );
  }

  function addFiles(chosen: File[]) {
    const selection = selectFiles(chosen, draft.products.length + files.length);
    setRejections({
      items: selection.rejected.map((item) => ({ ...item, key: localId() })),
      overflow: selection.overflow,
    });
    setFiles((current) => [...current, ...selection.accepted.map((file) => ({ key: localId(), file }))]);
  }

  async function analyzeMultiple() {
    setRejections(null);
    const batch = files;
    if (batch.length === 0) {
      setDraft((current) => ({ ...current, mode: "multiple" }));
      go("store");
      return;
    }
    analysis.current?.abort();
    const controller = new AbortController();
    analysis.current = controller;
    setRun({
      mode: "multiple",
      photos: batch.map(({ key, file }) => ({ key, file, status: "waiting" })),
      total: null,
      done: 0,
    });
    setDraft((current) => ({ ...current, mode: "multiple" }));
    go("analysis");
    try {
      const items = await streamImageAnalysis(
        batch.map((chosen) => chosen.file),
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (event.type === "start") setRun((current) => current && { ...current, total: event.total });
            if (event.type !== "result") return;
            setRun(
              (current) =>
                current && {
                  ...current,
                  total: event.total,
                  done: event.done,
                  photos: current.photos.map((photo, index) =>
                    index === event.index
                      ? {
                          ...photo,
                          status: event.ok ? "done" : "failed",
                          error: event.ok ? undefined : event.error,
                        }
                      : photo,
                  ),
                },
            );
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
      setFiles(failed);
      setFailures(
        failed.map((chosen) => ({ key: chosen.key, name: chosen.file.name, error: chosen.error ?? "" })),
      );
      setRun((current) => current && { ...current, total: batch.length, done: batch.length });
      if (added.length === 0) {
        analysisFailed(null, t("quickCreate.errors.analyzeManyTitle"));
        go("upload-multiple");
        return;
      }
      setShowErrors(false);
      setDraft((current) => ({ ...current, products: [...current.products, ...added] }));
      window.setTimeout(() => {
        if (!controller.signal.aborted) go("store");
      }, FINISHED_PAUSE_MS);
    } catch (err) {
      if (controller.signal.aborted || isAbort(err)) return;
      analysisFailed(err, t("quickCreate.errors.analyzeManyTitle"));
      go("upload-multiple");
    }
  }

  function back() {
    const target = previousStep(step, draft.mode);
    if (step === "analysis") analysis.current?.abort();
    if (target === "home") navigate("/");
    else go(target);
  }

  function updateProduct(id: string, patch: Partial<DraftProduct>) {
    setDraft((current) => ({
      ...current,
      products: current.products.map((product) => (product.id === id ? { ...product, ...patch } : product)),
    }));
  }

  function removeProduct(id: string) {
    setDraft((current) => ({
      ...current,
      products: current.products.filter((product) => product.id !== id),
    }));
  }

  function updateStore(patch: Partial<StoreDraft>) {
    if ("qrCode" in patch || "linkQrCode" in patch) setQrTaken(null);
    setDraft((current) => ({ ...current, store: { ...current.store, ...patch } }));
  }

  function submitStore() {
    setShowErrors(true);
    if (validateDraft(draft).count > 0 || qrTaken) return;
    if (!user) {
      go("register");
      return;
    }
    save(draft, false);
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
    // This draft is the one to save: an older one waiting for a login must not be saved as well.
    draftStorage.clearPending();
    registerMutation.mutate(values, {
      onSuccess: () => save(draft, false),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) goToLogin();
      },
    });
  }

  const onRegistrationChange = useCallback((registration: QuickCreateDraft["registration"]) => {
    setDraft((current) => ({ ...current, registration }));
  }, []);

  const frame: FrameProps = {
    withAccount: startedSignedOut || !user,
    focusHeading: moved,
    onBack: back,
  };

  if (finishing) {
    return (
      <StepFrame
        {...frame}
        onBack={undefined}
        step="store"
        centered
        width="narrow"
        title={t("quickCreate.finishing.title")}
      >
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Spinner className="size-5 text-primary" />
          {t("quickCreate.finishing.text")}
        </p>
      </StepFrame>
    );
  }

  switch (step) {
    case "upload-multiple":
      return (
        <UploadMultipleStep
          frame={frame}
          products={draft.products}
          files={files}
          rejections={rejections}
          onAddFiles={addFiles}
          onRemoveFile={(key) => setFiles((current) => current.filter((chosen) => chosen.key !== key))}
          onRemoveProduct={removeProduct}
          onNext={() => void analyzeMultiple()}
        />
      );
    case "analysis":
      return run ? <AnalysisStep frame={frame} run={run} /> : null;
    case "store":
    case "register": {
      const errors = showErrors ? validateDraft(draft) : null;
      if (errors && qrTaken) {
        errors.store.qrCode = qrTaken;
        errors.count += 1;
      }
      if (step === "register") {
        return (
          <RegisterStep
            frame={frame}
            draft={draft}
            onRegistrationChange={onRegistrationChange}
            onSubmit={register}
            onLogIn={goToLogin}
            pending={registerMutation.isPending ? "account" : creating ? "store" : null}
          />
        );
      }
      return (
        <StoreStep
          frame={frame}
          draft={draft}
          errors={errors}
          failures={failures}
          onDismissFailures={() => setFailures([])}
          onProductChange={updateProduct}
          onRemoveProduct={removeProduct}
          onStoreChange={updateStore}
          onSubmit={submitStore}
          pending={creating}
        />
      );
    }
    case "success":
      return created ? (
        <SuccessStep
          frame={{ ...frame, onBack: undefined }}
          result={created.result}
          products={created.products}
        />
      ) : null;
    default:
      return (
        <UploadStep
          frame={frame}
          products={draft.products}
          error={singleError}
          onFile={analyzeSingle}
          onSwitchToMultiple={() => go("upload-multiple")}
          onContinue={() => go("store")}
        />
      );
  }
}
