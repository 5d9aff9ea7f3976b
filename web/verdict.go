package web

import "substep/rulings/domain"

// Verdict is what both deck checkers (/deck/check for every format,
// /domain/check for Domain with its explanations) show of a checked deck;
// verdictView draws it once for both.
type Verdict struct {
	Legal      bool
	FormatName string // "Goat (April 2005 list)"; "" on the Domain checker
	DeckMaster string
	Main       int
	Extra      int
	Side       int
	ShareURL   string // the link that checks the deck again, "" when there is none
	// A second link beside the copy button: the plain share link, or the
	// same check with every allowed card explained.
	LinkHref, LinkText string
	Problems           []VerdictProblem
	Domain             *domain.DomainSummary // the Deck Master's Domain, for Domain decks
}

// VerdictProblem is one problem of a checked deck.
type VerdictProblem struct {
	Rule, Message string
	Slug          string // the card's page, when there is one
}

// domainVerdict is the Domain checker's verdict.
func domainVerdict(p DeckPage) Verdict {
	r := p.Result
	v := Verdict{Legal: r.Legal, Main: r.MainCount, Extra: r.ExtraCount, Side: r.SideCount, ShareURL: p.ShareURL, Domain: r.Domain}
	if r.DeckMaster != nil {
		v.DeckMaster = r.DeckMaster.Name
	}
	if p.ShareURL != "" {
		v.LinkHref, v.LinkText = whyURL(p.ShareURL), "Show why each card is allowed"
	}
	for _, pr := range r.Problems {
		v.Problems = append(v.Problems, VerdictProblem{Rule: ruleName(pr.Rule), Message: pr.Message})
	}
	return v
}

// poolVerdict is the deck checker's verdict, in any format.
func poolVerdict(p CheckPage) Verdict {
	r := p.Result
	v := Verdict{Legal: r.Legal, FormatName: r.FormatName, Main: r.MainCount, Extra: r.ExtraCount, Side: r.SideCount,
		ShareURL: p.ShareURL, LinkHref: shareLink(p.ShareURL), LinkText: "Link to this check"}
	if d := r.Domain; d != nil {
		v.Domain = d.Domain
		if d.DeckMaster != nil {
			v.DeckMaster = d.DeckMaster.Name
		}
	}
	for _, pr := range r.Problems {
		v.Problems = append(v.Problems, VerdictProblem{Rule: checkRuleName(pr.Rule), Message: pr.Message, Slug: pr.Slug})
	}
	return v
}
