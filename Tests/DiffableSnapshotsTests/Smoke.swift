import Testing

@Suite struct DiffableSnapshotsSmokeTests {}
