//! The exports every engine module has, as macros each module's cdylib crate calls at its root:
//! the exports are then that crate's own, which the linker keeps (one left in this dependency
//! could be dropped). Each is a thin wrapper over this crate's function of the same name; what
//! each does is said there.

/// The exports of every module: files' text and messages, inputs checked, seeds, decision
/// limits, and share links (`textOf`, `inFile`, `checkInput`, `freshSeed`, `decisionLimits`,
/// `openLink`, `linkLimit`, `linkMaxChars`, `linkKinds`, `botLink`).
#[macro_export]
macro_rules! shared_exports {
    () => {
        /// [`wasm_common::text_of`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = textOf)]
        pub fn text_of(bytes: &[u8]) -> Result<String, wasm_bindgen::JsValue> {
            $crate::text_of(bytes)
        }

        /// [`wasm_common::in_file`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = inFile)]
        pub fn in_file(file: &str, message: &str) -> String {
            $crate::in_file(file, message)
        }

        /// [`wasm_common::check_input`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = checkInput)]
        pub fn check_input(format: &str, text: &str) -> Result<String, wasm_bindgen::JsValue> {
            $crate::check_input(format, text)
        }

        /// [`wasm_common::fresh_seed`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = freshSeed)]
        pub fn fresh_seed() -> f64 {
            $crate::fresh_seed()
        }

        /// [`wasm_common::decision_limits`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = decisionLimits)]
        pub fn decision_limits(game: &str) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
            $crate::decision_limits(game)
        }

        /// [`wasm_common::links::open_link`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = openLink)]
        pub fn open_link(
            text: &str,
            assets: wasm_bindgen::JsValue,
        ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
            $crate::links::open_link(text, assets)
        }

        /// [`wasm_common::links::link_limit`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = linkLimit)]
        pub fn link_limit() -> usize {
            $crate::links::link_limit()
        }

        /// [`wasm_common::links::link_max_chars`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = linkMaxChars)]
        pub fn link_max_chars() -> usize {
            $crate::links::link_max_chars()
        }

        /// [`wasm_common::links::link_kinds`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = linkKinds)]
        pub fn link_kinds() -> Vec<String> {
            $crate::links::link_kinds()
        }

        /// [`wasm_common::links::bot_link`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = botLink)]
        pub fn bot_link(
            kind: &str,
            name: &str,
            language: &str,
            code: &str,
        ) -> Result<String, wasm_bindgen::JsValue> {
            $crate::links::bot_link(kind, name, language, code)
        }
    };
}

/// The workbench's exports, in every module but Pig's start module: A/B tests (`sprt`,
/// `sprtDefaults`, `abLink`, `abPairSeed`) and programs' requests and answers
/// (`programRequest`, `programAnswer`).
#[macro_export]
macro_rules! workbench_exports {
    () => {
        /// [`wasm_common::ab::sprt_js`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = sprt)]
        pub fn sprt_js(
            pairs: Vec<f64>,
            bounds: wasm_bindgen::JsValue,
        ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
            $crate::ab::sprt_js(pairs, bounds)
        }

        /// [`wasm_common::ab::sprt_defaults`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = sprtDefaults)]
        pub fn sprt_defaults() -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
            $crate::ab::sprt_defaults()
        }

        /// [`wasm_common::ab::ab_link`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = abLink)]
        pub fn ab_link(
            kind: &str,
            run: wasm_bindgen::JsValue,
        ) -> Result<String, wasm_bindgen::JsValue> {
            $crate::ab::ab_link(kind, run)
        }

        /// [`wasm_common::ab::ab_pair_seed`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = abPairSeed)]
        pub fn ab_pair_seed(seed: f64, k: u32) -> f64 {
            $crate::ab::ab_pair_seed(seed, k)
        }

        /// [`wasm_common::programs::program_request`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = programRequest)]
        pub fn program_request(view_json: &str, state: Option<String>) -> String {
            $crate::programs::program_request(view_json, state)
        }

        /// [`wasm_common::programs::program_answer`].
        #[wasm_bindgen::prelude::wasm_bindgen(js_name = programAnswer)]
        pub fn program_answer(
            output: &[u8],
        ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
            $crate::programs::program_answer(output)
        }
    };
}
