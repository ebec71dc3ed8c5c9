import Testing
import UIKitCompat

/// A data source written by hand, over an array of names per section.
@MainActor final class NamesDataSource: UICollectionViewDataSource {
  var sections: [[String]]

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    sections[section].count
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Name", for: indexPath)
    let label = cell.contentView.subviews.first as? UILabel ?? UILabel()
    label.text = sections[indexPath.section][indexPath.item]
    cell.contentView.addSubview(label)
    return cell
  }
}

/// The text of a cell made by `NamesDataSource`.
@MainActor func name(_ cell: UICollectionViewCell?) -> String? {
  (cell?.contentView.subviews.first as? UILabel)?.text
}

@MainActor func rows(height: CGFloat = 50) -> UICollectionViewCompositionalLayout {
  let size = NSCollectionLayoutSize(
    widthDimension: .fractionalWidth(1),
    heightDimension: .absolute(height)
  )
  return UICollectionViewCompositionalLayout(
    section: NSCollectionLayoutSection(
      group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
    )
  )
}

@MainActor @Suite struct HeadlessCollectionViewTests {
  func makeView(_ names: NamesDataSource, height: CGFloat = 120) -> UICollectionView {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: height),
      collectionViewLayout: rows()
    )
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Name")
    view.dataSource = names
    return view
  }

  @Test func itShowsTheItemsInItsFrame() {
    let names = NamesDataSource([["a", "b", "c", "d", "e"]])
    let view = makeView(names)
    #expect(view.numberOfSections == 1 && view.numberOfItems(inSection: 0) == 5)
    #expect(view.indexPathsForVisibleItems == [[0, 0], [0, 1], [0, 2]])
    #expect(view.visibleCells.map(name) == ["a", "b", "c"])
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame.minY == 200)
    #expect(view.contentSize == CGSize(width: 300, height: 250))
    view.contentOffset = CGPoint(x: 0, y: 130)
    #expect(view.visibleCells.map(name) == ["c", "d", "e"])
  }
}
