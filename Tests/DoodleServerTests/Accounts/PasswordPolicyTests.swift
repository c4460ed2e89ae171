import Testing

@testable import DoodleServer

/// Which passwords an account may have: 10–128 characters, not common, not a repetition or a
/// run, not holding the email's name.
@Suite("Password policy")
struct PasswordPolicyTests {
    let policy: PasswordPolicy

    init() throws {
        policy = try PasswordPolicy.load()
    }

    @Test("the shipped list loads with a few hundred entries")
    func shippedList() {
        #expect(policy.commonPasswords.count >= 300)
        #expect(policy.commonPasswords.contains("password"))
        #expect(policy.commonPasswords.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty })
    }

    @Test("the list's text: one entry a line, trimmed; comments and blank lines skipped")
    func listFormat() {
        #expect(PasswordPolicy.commonListEntries("# a comment\n\n  Hunter \r\nsecret\n#x\n") == ["Hunter", "secret"])
    }

    @Test("9 characters is too short, 10 and 128 are fine, 129 is too long")
    func lengthEdges() {
        #expect(policy.refusal(of: "Kettle-Mo", email: nil) == .tooShort)
        #expect(policy.refusal(of: "Kettle-Moo", email: nil) == nil)
        let longest = String(repeating: "Kettle-Moon-Orbit-", count: 7) + "xy"  // 128
        #expect(longest.count == 128)
        #expect(policy.refusal(of: longest, email: nil) == nil)
        #expect(policy.refusal(of: longest + "z", email: nil) == .tooLong)
        #expect(policy.refusal(of: "", email: nil) == .tooShort)
    }

    @Test("length counts characters as a person sees them, not bytes or code points")
    func lengthInCharacters() {
        // Each "é" typed as e plus a combining accent: nine characters of fourteen code points
        // are too short, ten are enough.
        let nine = String(repeating: "e\u{301}", count: 5) + "Rhin"
        #expect(nine.unicodeScalars.count == 14)
        #expect(policy.refusal(of: nine, email: nil) == .tooShort)
        #expect(policy.refusal(of: nine + "o", email: nil) == nil)
        // Ten characters of forty bytes: fine.
        let tenEmoji = "🦊🐻🦉🐙🦄🐝🦋🐢🦔🐬"
        #expect(tenEmoji.utf8.count == 40)
        #expect(policy.refusal(of: tenEmoji, email: nil) == nil)
        // 128 Chinese characters (384 bytes) are within the limit.
        let chinese = String(String.UnicodeScalarView((0..<128).compactMap { Unicode.Scalar(UInt32(0x4E00 + $0 * 7)) }))
        #expect(chinese.count == 128)
        #expect(policy.refusal(of: chinese, email: nil) == nil)
    }

    @Test("common passwords are refused whatever their case, decoration or leetspeak")
    func common() {
        for password in [
            "password123", "Password2024!", "P@ssw0rd2024", "p4ssw0rd!!!!", "PASSWORD1234", "1999password", "qwertyuiop", "QwertyUiop1",
            "1q2w3e4r5t", "iloveyou2025", "ILoveYou!!!!", "letmein2024", "Football1234", "Summer2024!", "Trustno1!!!!", "1qaz2wsx2024", "doodle2026!",
            "Welcome123!", "admin12345", "changeme!!!", "1234512345", "Liverpool1892",
        ] {
            #expect(policy.refusal(of: password, email: nil) == .common, "\(password)")
        }
    }

    @Test("every entry of the list is refused as it is, and decorated with digits and a symbol")
    func everyEntryRefused() throws {
        for entry in PasswordPolicy.commonListEntries(try PasswordPolicy.shippedCommonList()) {
            #expect(policy.refusal(of: entry, email: nil) != nil, "\(entry)")
            // Entries of digits alone ("1234512345") are matched only whole.
            if PasswordPolicy.core(of: entry.lowercased()).count >= PasswordPolicy.shortestListedCore {
                #expect(policy.refusal(of: "19" + entry + "2024!", email: nil) != nil, "\(entry)")
            }
        }
    }

    @Test("one character or a short group repeated is refused")
    func repetitions() {
        for password in ["aaaaaaaaaa", "0000000000", "..........", "ababababab", "abcabcabcabc", "1231231231", "xyzwxyzwxyzw", "AaAaAaAaAa", "!!zzzzzzzzzzzz!!"] {
            #expect(policy.refusal(of: password, email: nil) == .repeated, "\(password)")
        }
        // A group of five repeated is beyond the rule (and not common).
        #expect(policy.refusal(of: "kiwfzkiwfz", email: nil) == nil)
    }

    @Test("runs up or down the alphabet or the digits are refused; digits go round, letters do not")
    func runs() {
        for password in ["abcdefghij", "ZYXWVUTSRQ", "klmnopqrstuv", "3456789012", "9876543210", "6543210987", "!!abcdefghijk", "lmnopqrstu99"] {
            #expect(policy.refusal(of: password, email: nil) == .run, "\(password)")
        }
        #expect(PasswordPolicy.isRun("yzab") == false)
        #expect(PasswordPolicy.isRun("8901") == true)
        #expect(PasswordPolicy.isRun("ab") == false)
        #expect(PasswordPolicy.isRun("a1b2") == false)
        #expect(policy.refusal(of: "abcdefghiz", email: nil) == nil)
    }

    @Test("the email's local part inside the password is refused; a short one is not looked for")
    func email() throws {
        let ada = try EmailAddress("Ada.Lovelace@example.org")
        #expect(policy.refusal(of: "ada.lovelace-rocks", email: ada) == .containsEmail)
        #expect(policy.refusal(of: "I-am-ADA.LOVELACE", email: ada) == .containsEmail)
        #expect(policy.refusal(of: "Kettle-Moon-Orbit-42", email: ada) == nil)
        let short = try EmailAddress("al@example.org")
        #expect(policy.refusal(of: "always-al-orbit", email: short) == nil)
    }

    @Test("uncommon passwords pass, in any script")
    func accepted() {
        for password in ["Kettle-Moon-Orbit-42", "correct horse battery staple", "ünïcödé wörds ok", "画画猜猜字字谜语游戏", "4729105836", "passage-of-time-7"] {
            #expect(policy.refusal(of: password, email: nil) == nil, "\(password)")
        }
    }

    @Test("every refusal has a message for the person")
    func messages() {
        for refusal in [PasswordRefusal.tooShort, .tooLong, .repeated, .run, .containsEmail, .common] {
            #expect(!refusal.message.isEmpty)
        }
        #expect(PasswordRefusal.tooShort.message.contains("10"))
    }
}
