// DiffableSnapshots: see Guides/.
