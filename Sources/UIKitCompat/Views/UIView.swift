/// A rectangle on screen and the views inside it: the part of UIKit's `UIView` that the
/// headless collection and table views and their cells need (frames, the view tree, layout
/// margins, traits and deferred layout). Nothing is drawn.
///
/// ```swift
/// let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
/// let label = UILabel()
/// view.addSubview(label)
/// label.superview === view  // true
/// ```
@MainActor open class UIView {
  /// The view's rectangle in its superview's coordinates.
  open var frame: CGRect {
    didSet {
      if frame.size != oldValue.size { setNeedsLayout() }
    }
  }

  /// The origin of ``bounds`` (a scroll view's content offset).
  var boundsOrigin = CGPoint.zero

  /// The view's rectangle in its own coordinates: its size, at the origin its content is
  /// scrolled to. Setting it resizes the view around its centre, as UIKit does.
  open var bounds: CGRect {
    get { CGRect(origin: boundsOrigin, size: frame.size) }
    set {
      if boundsOrigin != newValue.origin {
        boundsOrigin = newValue.origin
        setNeedsLayout()
      }
      guard frame.size != newValue.size else { return }
      let center = CGPoint(x: frame.midX, y: frame.midY)
      frame = CGRect(
        x: center.x - newValue.width / 2,
        y: center.y - newValue.height / 2,
        width: newValue.width,
        height: newValue.height
      )
    }
  }

  /// Whether the view is hidden.
  open var isHidden = false
  /// A number that identifies the view in code (0 by default).
  open var tag = 0

  /// The space to keep between the view's edges and its content, in the layout direction.
  ///
  /// 8 points on each side by default, as UIKit documents for most views; the headless
  /// collection and table views start with 16 leading and trailing (see their
  /// initializers).
  open var directionalLayoutMargins = NSDirectionalEdgeInsets(
    top: 8,
    leading: 8,
    bottom: 8,
    trailing: 8
  ) {
    didSet { setNeedsLayout() }
  }

  /// The traits the view is laid out for. UIKit inherits them from the window; here they
  /// are set on the view, and a view added to a superview takes the superview's.
  open var traitCollection = UITraitCollection() {
    didSet {
      if traitCollection != oldValue { setNeedsLayout() }
      for view in storedSubviews { view.traitCollection = traitCollection }
    }
  }

  /// The view that contains this one, or `nil`.
  public private(set) weak var superview: UIView?

  var storedSubviews: [UIView] = []

  /// The views inside this one, back to front.
  open var subviews: [UIView] { storedSubviews }

  /// Whether ``layoutSubviews()`` must run before the view's layout is read.
  var needsLayout = true

  /// A view with `frame`.
  public init(frame: CGRect) {
    self.frame = frame
  }

  /// A view with a zero frame.
  public convenience init() {
    self.init(frame: .zero)
  }

  /// A view decoded from a storyboard or nib archive, UIKit's other initializer. There are
  /// no archives here, so it fails (returns `nil`); it is declared so that view classes
  /// written for UIKit, which must implement it, compile unchanged.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// Adds `view` on top of the other subviews, moving it out of its previous superview.
  open func addSubview(_ view: UIView) {
    guard view !== self else { return }
    view.removeFromSuperview()
    storedSubviews.append(view)
    view.superview = self
    view.traitCollection = traitCollection
  }

  /// Takes the view out of its superview.
  open func removeFromSuperview() {
    guard let superview else { return }
    superview.storedSubviews.removeAll { $0 === self }
    self.superview = nil
  }

  /// Whether `view` is this view or inside it.
  open func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  /// Marks the layout as out of date; it is redone at the next ``layoutIfNeeded()``.
  open func setNeedsLayout() {
    needsLayout = true
  }

  /// Lays out the subviews now if the layout is out of date, then does the same for each
  /// subview.
  open func layoutIfNeeded() {
    if needsLayout {
      needsLayout = false
      layoutSubviews()
    }
    for view in storedSubviews { view.layoutIfNeeded() }
  }

  /// Positions the subviews. The base class positions nothing; subclasses override it.
  open func layoutSubviews() {}
}
