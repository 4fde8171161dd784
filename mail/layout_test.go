package mail_test

import (
	"strings"
	"testing"

	"rehome/app"
	"rehome/mail"
)

func TestLayout(t *testing.T) {
	tests := []struct {
		name        string
		content     app.MailContent
		text        string
		html, notIn []string
	}{
		{
			name: "OK",
			content: app.MailContent{Site: "Riverside", Greeting: "Hello Bea,", Paragraphs: []string{"One.", "Two."},
				ActionLabel: "Open it", ActionURL: "https://market.test/x?a=1&b=2", OrOpen: "Or open this link:", Footer: "Why."},
			text: "Hello Bea,\n\nOne.\n\nTwo.\n\nOpen it:\nhttps://market.test/x?a=1&b=2\n\n-- \nWhy.\n",
			html: []string{`>Riverside</p>`, "<p>Hello Bea,</p>", `<p style="line-height:1.5">Two.</p>`,
				`<a href="https://market.test/x?a=1&amp;b=2" style=`, ">Open it</a>", `Or open this link: <a href="https://market.test/x?a=1&amp;b=2">`},
		},
		{
			name:    "NoLink",
			content: app.MailContent{Site: "Riverside", Greeting: "Hello,", Paragraphs: []string{"Moved."}, OrOpen: "Or open this link:", Footer: "Why."},
			text:    "Hello,\n\nMoved.\n\n-- \nWhy.\n",
			html:    []string{"<p>Hello,</p>", "Why.</p>\n</div></body></html>\n"},
			notIn:   []string{"<a ", "Or open this link:"},
		},
		{
			name: "Escaped",
			content: app.MailContent{Site: "A <b>& Co", Greeting: `Hello "Bea" <i>,`, Paragraphs: []string{"1 < 2"},
				ActionLabel: "Go <now>", ActionURL: `https://market.test/"x"`, Footer: "<script>"},
			text: "Hello \"Bea\" <i>,\n\n1 < 2\n\nGo <now>:\nhttps://market.test/\"x\"\n\n-- \n<script>\n",
			html: []string{">A &lt;b&gt;&amp; Co</p>", "<p>Hello &#34;Bea&#34; &lt;i&gt;,</p>", "1 &lt; 2", "Go &lt;now&gt;</a>",
				`href="https://market.test/&#34;x&#34;"`, "&lt;script&gt;"},
			notIn: []string{"<b>", "<i>", "<script>"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, html := mail.Layout(tt.content)
			if text != tt.text {
				t.Errorf("text = %q, want %q", text, tt.text)
			}
			for _, want := range tt.html {
				if !strings.Contains(html, want) {
					t.Errorf("the HTML lacks %q:\n%s", want, html)
				}
			}
			for _, not := range tt.notIn {
				if strings.Contains(html, not) {
					t.Errorf("the HTML holds %q:\n%s", not, html)
				}
			}
		})
	}
}
