//! The machine's instructions: each `lambda` expression (and the top level) compiles to a flat
//! list of them, run with an explicit stack (the `Lambda` that holds them is in `value.rs`,
//! as its constants are values).

/// One machine instruction. Slots are frame-relative (`fp + slot`), captures index the closure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// Push `consts[i]`.
    Const(u32),
    /// Push the unspecified value.
    Void,
    /// Push a local slot.
    Local(u16),
    /// Push a letrec-bound local slot, failing if it is still unassigned (`names[n]` for the message).
    LocalChecked(u16, u16),
    /// Push the content of the box in a local slot (checked like `LocalChecked`).
    LocalBox(u16, u16),
    /// Push a captured value.
    Capture(u16),
    /// Push the content of a captured box (checked).
    CaptureBox(u16, u16),
    /// Push the running closure itself (a recursive procedure referring to its own name).
    SelfRef,
    /// Push a global (checked: defined yet?).
    Global(u32),
    /// Pop into a local slot.
    SetLocal(u16),
    /// Pop into the box held in a local slot.
    SetLocalBox(u16),
    /// Pop into a captured box.
    SetCaptureBox(u16),
    /// Pop into a global that must already be defined (`set!`).
    SetGlobal(u32),
    /// Pop into a global (`define`).
    DefineGlobal(u32),
    /// Replace a local slot's value by a fresh box holding it.
    BoxLocal(u16),
    /// Put a fresh unassigned box into a local slot (letrec).
    NewBox(u16),
    /// Mark a local slot unassigned (letrec).
    ClearLocal(u16),
    Pop,
    Jump(u32),
    /// Pop; jump if it was `#f`.
    JumpIfFalse(u32),
    /// `and`: if the top is `#f` jump (keeping it), else pop it.
    AndJump(u32),
    /// `or`: if the top is true jump (keeping it), else pop it.
    OrJump(u32),
    /// Push a closure of `children[i]`.
    Closure(u32),
    /// Call with `argc` arguments; the procedure sits below them.
    Call(u16),
    /// Tail call: replaces the current frame.
    TailCall(u16),
    /// Call builtin `prim` with `argc` arguments (no procedure on the stack).
    CallPrim(u16, u16),
    Return,
    /// Pop; push whether it is `eqv?` to a member of the list `consts[i]` (for `case`).
    Memv(u32),
}

/// How a new closure gets one captured value, seen from the frame that creates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CapSrc {
    Slot(u16),
    Capture(u16),
    SelfRef,
}
