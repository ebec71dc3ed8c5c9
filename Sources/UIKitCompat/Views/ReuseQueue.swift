/// The registrations of a headless view and the views waiting to be reused, by reuse
/// identifier.
@MainActor struct ReuseQueue<View: ReusableView> {
  private var makers: [String: () -> View] = [:]
  private var waiting: [String: [View]] = [:]

  /// Registers how to make views for `identifier`; `nil` removes the registration.
  mutating func register(_ make: (() -> View)?, for identifier: String) {
    makers[identifier] = make
    waiting[identifier] = nil
  }

  /// Registers `viewClass` for `identifier`, for the UIKit methods that take a class.
  ///
  /// Swift makes an object from a class value only through a `required` initializer,
  /// which UIKit's view classes do not have; so only `plainClass` itself can be made here.
  /// Another class is reported, with `factoryMethod`, the headless registration that takes
  /// a closure, and plain views stand in for it.
  mutating func register(
    _ viewClass: AnyClass?,
    for identifier: String,
    plainClass: View.Type,
    makePlain: @escaping () -> View,
    api: String,
    factoryMethod: String
  ) {
    guard let viewClass else {
      register(nil, for: identifier)
      return
    }
    if ObjectIdentifier(viewClass) != ObjectIdentifier(plainClass) {
      UIKitCompatFailure.report(
        UIKitCompatFailure(
          api: api,
          message:
            "UIKitCompat cannot make \(viewClass) from its class (Swift needs a required "
            + "initializer): register a factory with \(factoryMethod) for '\(identifier)'; "
            + "plain \(plainClass) objects stand in for it"
        )
      )
    }
    register(makePlain, for: identifier)
  }

  /// Whether `identifier` is registered.
  func isRegistered(_ identifier: String) -> Bool { makers[identifier] != nil }

  /// A view for `identifier`: one waiting to be reused (after its `prepareForReuse()`),
  /// or a new one; `nil` when `identifier` is not registered.
  mutating func dequeue(_ identifier: String) -> View? {
    if let view = waiting[identifier]?.popLast() {
      view.prepareForReuse()
      return view
    }
    guard let make = makers[identifier] else { return nil }
    let view = make()
    view.reuseIdentifier = identifier
    return view
  }

  /// Keeps `view` for reuse under its identifier (a view without one is dropped).
  mutating func enqueue(_ view: View) {
    view.removeFromSuperview()
    guard let identifier = view.reuseIdentifier, makers[identifier] != nil else { return }
    waiting[identifier, default: []].append(view)
  }
}
