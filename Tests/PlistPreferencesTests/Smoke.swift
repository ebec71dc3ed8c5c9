import Testing

@Suite struct PlistPreferencesSmokeTests {}
