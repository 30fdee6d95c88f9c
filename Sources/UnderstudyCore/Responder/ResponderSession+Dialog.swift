import UnderstudyContracts

extension ResponderSession {
    /// Says what the user of `provider`'s authorization dialog does in this session: continues
    /// or cancels at once, without showing the consent page; `nil`: the page is shown and waits
    /// for a click. `reset` forgets it.
    public func setDialogUser(_ user: DialogUser?, for provider: String) {
        update { $0.behaviours.dialogs.setUser(user, for: provider) }
    }

    /// What the user of `provider`'s authorization dialog does in this session (`nil`: the page waits for a click).
    public func dialogUser(for provider: String) -> DialogUser? {
        read { $0.behaviours.dialogs.user(for: provider) }
    }
}
