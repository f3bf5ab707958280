export declare const CHROMIUM_CANDIDATES: readonly string[];
/** The Chromium to launch, or undefined when there is none. */
export declare function chromiumPath(): string | undefined;
