/// In-process change notification.
///
/// Observers run after each successful commit of this store, and after a read
/// notices that another process committed, with the key and the old and new
/// values. They run on the thread that committed or read, outside the store's
/// locks, so they may read the store.
extension PreferencesStore {
  /// Calls `handler` with each change of `key` until the returned observation
  /// is cancelled or deallocated.
  ///
  /// ```swift
  /// let observation = store.observe(columns) { change in print(change.newValue) }
  /// try store.set(5, for: columns)  // prints 5
  /// observation.cancel()
  /// ```
  public func observe<Value>(
    _ key: PreferenceKey<Value>,
    handler: @escaping @Sendable (PreferenceChange<Value>) -> Void
  ) -> PreferencesObservation {
    addObserver(key: key.name) { change in
      handler(
        PreferenceChange(
          key: change.key,
          oldValue: Self.decodeOrDefault(change.oldValue, key),
          newValue: Self.decodeOrDefault(change.newValue, key)
        )
      )
    }
  }

  /// Calls `handler` with the raw change of every key (`nil` meaning not stored).
  public func observeAll(
    _ handler: @escaping @Sendable (PreferenceChange<PropertyListValue?>) -> Void
  ) -> PreferencesObservation {
    addObserver(key: nil, handler)
  }

  /// The changes of `key` as an asynchronous sequence; it ends when the
  /// consuming task is cancelled.
  ///
  /// ```swift
  /// for await change in store.changes(for: columns) { print(change.newValue) }
  /// ```
  public func changes<Value>(for key: PreferenceKey<Value>) -> AsyncStream<PreferenceChange<Value>>
  {
    AsyncStream { continuation in
      let observation = observe(key) { continuation.yield($0) }
      continuation.onTermination = { _ in observation.cancel() }
    }
  }

  private func addObserver(
    key: String?,
    _ handler: @escaping @Sendable (PreferenceChange<PropertyListValue?>) -> Void
  ) -> PreferencesObservation {
    // Load first, so the first notification compares against the current file.
    var deliveries = Deliveries()
    defer { deliver(deliveries) }
    let id: UInt64 = mutex.withLock { state in
      refreshLocked(&state, &deliveries)
      state.nextObserverID += 1
      state.observers[state.nextObserverID] = handler
      state.observerKeys[state.nextObserverID] = key
      return state.nextObserverID
    }
    return PreferencesObservation(store: self, id: id)
  }

  func removeObserver(_ id: UInt64) {
    mutex.withLock { state in
      state.observers[id] = nil
      state.observerKeys[id] = nil
    }
  }

  private static func decodeOrDefault<Value>(_ raw: PropertyListValue?, _ key: PreferenceKey<Value>)
    -> Value
  {
    guard let raw, let value = try? ValueCoding.decode(Value.self, from: raw, key: key.name) else {
      return key.defaultValue
    }
    return value
  }
}

/// A registered observer; it stops when cancelled or deallocated, like
/// Foundation's `NSKeyValueObservation`.
///
/// It holds the store weakly, so an `AsyncStream` from ``PreferencesStore/changes(for:)``
/// does not keep the store alive.
public final class PreferencesObservation: Sendable {
  private weak let store: PreferencesStore?
  private let id: UInt64

  init(store: PreferencesStore, id: UInt64) {
    self.store = store
    self.id = id
  }

  /// Stops delivering changes. Calling it again does nothing.
  public func cancel() { store?.removeObserver(id) }

  deinit { cancel() }
}
